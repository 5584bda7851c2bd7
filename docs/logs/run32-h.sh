#!/usr/bin/env bash
# Run 32-h (H100): out of sample for DECODE_A_ROWS_FACTOR restricted to 97-128 rows (after
# 32-g). This build (.carry-rt/mosaic-r32c) against the split-K fix (.carry-rt/mosaic) at
# every other of the 52 defaults that differ among 1400 fresh seeded f16 shapes of 97 to 128
# rows (`ROWS=97 run32-decodediff.py 90 1400`), one round; verify of a moved kernel.
#   OUT=... bash docs/logs/run32-h.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-r32c"
v --m 97 --n 5352 --k 5272
for s in 113x6280x5816 123x5272x1256 108x7152x6504 97x7344x9048 121x8128x4600 113x6560x1656 121x6352x4216 121x7360x9320 97x5240x6744 119x6712x5768 121x5200x1576 113x4720x4728 121x7688x1832 121x8112x1864 121x4968x4456 121x5000x3544 121x6400x1736 97x5352x5272 97x7776x5272 125x7048x2664 121x7328x1064 125x6208x5640 118x5392x4664 121x4344x2200 126x6200x6200 105x7304x8248 ; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic mosaic-r32c" --m $m --n $n --k $kk
done
