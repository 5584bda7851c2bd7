#!/usr/bin/env bash
# Run 44-a: operands of unaligned row pitch through copies (`codegen::hopper::pad`, build
# mosaic-44a) against the mma.sync defaults they replace (mosaic-43b). Verify at odd shapes
# (f16, bf16, tf32, column-major A, a batch, a 16-bit C, decode, transposed, back to back),
# memcheck one, the copy kernels' time and DRAM rate under ncu, then old against new at
# run 43-b's odd seeded shapes and five more.
#   OUT=... bash docs/logs/run44-a.sh; B=mosaic-44a python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-44a
ve() { log "verify ($N) $*"; timeout 120 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve gemm --m 313 --n 1647 --k 5525
ve gemm --m 352 --n 584 --k 6541
ve gemm --m 1008 --n 5634 --k 920 --alpha 1.5 --beta -0.5
ve gemm --m 1000 --n 777 --k 333 --dtype bf16
ve gemm --m 1000 --n 1000 --k 1002 --dtype tf32 --b-layout col
ve gemm --m 16 --n 4096 --k 4095
ve gemm --m 128 --n 5003 --k 4096
ve gemm --m 4093 --n 4091 --k 4097
ve gemm --m 301 --n 701 --k 1501 --a-layout col
ve gemm --m 200 --n 263 --k 201 --c-dtype f16
ve bmm --batch 3 --m 200 --n 301 --k 203 --dtype bf16
ve gemm --m 313 --n 1647 --k 5525 --back-to-back --beta 0
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck verify --m 301 --n 701 --k 1501 --a-layout col"
timeout 240 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 301 --n 701 --k 1501 --a-layout col --target $T 2>&1 | tail -3 | cut -c1-300
# The copies alone: duration and DRAM rate of each copy kernel (second launch, clocks free).
for s in "313 1647 5525" "4093 4091 4097" "5560 664 5195"; do
  set -- $s; log "ncu copies $*"
  timeout 150 $NCU --clock-control none --kernel-name regex:'mosaic_pad' --launch-skip 2 --launch-count 2 \
    --section SpeedOfLight ./.carry-rt/$N bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 2>&1 \
    | grep -E "^  mosaic_pad|Duration|DRAM Throughput" | sed -E 's/ +/ /g'
done
for s in "313 1647 5525" "352 584 6541" "1008 5634 920" "1010 2208 3122" "1120 442 2304" "1168 2099 1848" "368 2803 848" "600 1056 631" "960 304 519" "4093 4091 4097" "16 4096 4095" "128 5003 4096" "2000 1001 3002" "1000 777 333 --dtype bf16" "1000 1000 1002 --dtype tf32 --b-layout col"; do
  set -- $s; a="--m $1 --n $2 --k $3"; shift 3
  vs "mosaic-43b:-|$N:-" $a "$@"
done
