#!/usr/bin/env bash
# Run 32-g (H100): out of sample for DECODE_A_ROWS_FACTOR (decode grids of 65-128 rows whose
# A rows straddle 32-byte sectors prefer two tile rows of 64). This run's build
# (.carry-rt/mosaic-r32b) against the split-K fix (.carry-rt/mosaic, 76189a7) at every
# default that differs among 1200 fresh seeded f16 decode shapes (run32-decodediff.py seed
# 88) and 500 bf16 (seed 89; 112x6520x504 dropped: K < 1024 no longer moves), two rounds;
# verify and memcheck of moved kernels.
#   OUT=... bash docs/logs/run32-g.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-r32b"
v --m 80 --n 9088 --k 7688
v --m 128 --n 5688 --k 2856 --dtype bf16
mc --m 112 --n 6640 --k 4216
for r in 1 2; do
  for s in 128x8320x2312 80x9088x7688 80x9208x4232 80x6896x8440 128x5384x4648 128x7528x6472 128x6888x2520 112x6640x4216 128x4968x8312 112x8408x3848; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic mosaic-r32b" --m $m --n $n --k $kk
  done
  for s in 80x9112x6216 128x5688x2856 128x6168x4760 80x5376x3208 80x8296x7272 80x8768x2008 112x7256x2440; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic mosaic-r32b" --m $m --n $n --k $kk --dtype bf16
  done
done
