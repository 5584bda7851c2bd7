#!/usr/bin/env bash
# Run 47-c: the operand copies (`mosaic_pad_a`/`_b`). 47-a found them launch-bound: a CTA of
# 256 threads per one or two short rows (2952-9260 CTAs took 4.5-8.3 us for 1.1-4.5 MB).
# mosaic-47b sizes a CTA's rows so that each thread moves UNROLL units; mosaic-47c also
# launches the copies as programmatic dependents (griddepcontrol first), as the GEMM is.
#   OUT=... bash docs/logs/run47-c.sh; A=mosaic-46b:- B=mosaic-47c:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-47c
ve() { log "verify ($N) $*"; timeout 120 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-240; }
ve gemm --m 6576 --n 560 --k 146 --dtype bf16 --back-to-back
ve gemm --m 800 --n 3816 --k 150 --dtype bf16
ve gemm --m 1160 --n 6076 --k 176 --dtype bf16 --back-to-back
ve gemm --m 313 --n 1647 --k 5525 --back-to-back
ve gemm --m 4542 --n 942 --k 443 --plan 2 --back-to-back
ve bmm --batch 3 --m 700 --n 901 --k 301
ve gemm --m 1001 --n 1003 --k 1005 --pdl off
log "memcheck verify ($N) --m 4542 --n 942 --k 443 --plan 2"
timeout 200 compute-sanitizer --tool memcheck ./.carry-rt/$N verify gemm --m 4542 --n 942 --k 443 --plan 2 --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | cut -c1-200
for s in "6576 560 146 bf16" "9260 496 243 f16" "800 3816 150 bf16" "4477 1128 350 f16" "1160 6076 176 bf16" "352 584 6541 f16"; do
  set -- $s
  log "ncu durations (mosaic-47b) --m $1 --n $2 --k $3 --dtype $4"
  timeout 120 $NCU --clock-control none --kernel-name regex:'mosaic_' --launch-skip 6 --launch-count 4 \
    --section SpeedOfLight ./.carry-rt/mosaic-47b bench gemm --m $1 --n $2 --k $3 --dtype $4 --target $T --samples 20 \
    > $OUT/ncu-47b-$1x$2x$3.txt 2>&1
  grep -E "^  mosaic_[a-z_]+|Duration" $OUT/ncu-47b-$1x$2x$3.txt | sed -E 's/ +/ /g' | paste - - | cut -c1-160
  rm -f $OUT/ncu-47b-$1x$2x$3.txt
done
B4="mosaic-46a:-|mosaic-46b:-|mosaic-47b:-|mosaic-47c:-"
for s in 5903x336x134 800x3816x150 4144x568x131 971x5864x167 2312x1968x130 6576x560x146 1896x2068x280 6010x780x152 1160x6076x176 2232x7996x200; do
  IFS=x read m n k <<< "$s"; vs "$B4" --m $m --n $n --k $k --dtype bf16
done
for s in 3984x1016x413 1016x2864x174 9260x496x243 4477x1128x350 313x1647x5525 352x584x6541 4542x942x443; do
  IFS=x read m n k <<< "$s"; vs "$B4" --m $m --n $n --k $k
done
