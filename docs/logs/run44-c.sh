#!/usr/bin/env bash
# Run 44-c: the copy kernel in chunks of 8 units per thread (build mosaic-44b) against 44-a's
# loop of 4 (mosaic-44a): verify and memcheck (rows of two chunks; short rows eight to a CTA,
# the last CTA's in part past the end), the copies under ncu at 44-a's three shapes, and
# old (mosaic-43b) / 44a / 44b at 44-a's shapes, plus 536x9340x2286 (the last moved shape of
# 44-b, which its script dropped), and 8000x100x1001's warp-level default against its
# second plan (64x128 warpgroup tiles with B copied in rows of 8 to a CTA).
#   OUT=... bash docs/logs/run44-c.sh; A=mosaic-44a:- B=mosaic-44b:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-44b
ve() { log "verify ($N) $*"; timeout 120 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve gemm --m 313 --n 1647 --k 5525
ve gemm --m 16 --n 4096 --k 4095
ve gemm --m 8000 --n 100 --k 1001 --plan 2
ve gemm --m 4093 --n 4091 --k 4097 --dtype bf16
ve gemm --m 1000 --n 1000 --k 1002 --dtype tf32 --b-layout col
ve bmm --batch 3 --m 200 --n 301 --k 203
ve gemm --m 313 --n 1647 --k 5525 --back-to-back --beta 0
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck verify --m 8000 --n 100 --k 1001 --plan 2"
timeout 240 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 8000 --n 100 --k 1001 --plan 2 --target $T 2>&1 | tail -3 | cut -c1-300
for s in "313 1647 5525" "4093 4091 4097" "5560 664 5195" "8000 100 1001 --plan 2"; do
  set -- $s; log "ncu copies $*"
  timeout 150 $NCU --clock-control none --kernel-name regex:'mosaic_pad' --launch-skip 2 --launch-count 2 \
    --section SpeedOfLight ./.carry-rt/$N bench gemm --m $1 --n $2 --k $3 ${@:4} --target $T --samples 20 2>&1 \
    | grep -E "^  mosaic_pad|Duration|DRAM Throughput" | sed -E 's/ +/ /g'
done
for s in "313 1647 5525" "352 584 6541" "1008 5634 920" "1010 2208 3122" "1120 442 2304" "1168 2099 1848" "368 2803 848" "600 1056 631" "960 304 519" "4093 4091 4097" "16 4096 4095" "128 5003 4096" "2000 1001 3002" "264 400 4059" "413 352 4762" "1000 777 333 --dtype bf16" "1000 1000 1002 --dtype tf32 --b-layout col"; do
  set -- $s; a="--m $1 --n $2 --k $3"; shift 3
  vs "mosaic-44a:-|$N:-" $a "$@"
done
vs "mosaic-43b:-|$N:-" --m 536 --n 9340 --k 2286
# The warp-level default against the warpgroup plan with copies the model ranks second.
vs "$N:-|$N:--plan 2|mosaic-43b:-" --m 8000 --n 100 --k 1001
