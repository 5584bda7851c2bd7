#!/usr/bin/env bash
# Run 32-j (H100): the final decode rule out of sample on an H100. The final build
# (.carry-rt/mosaic-final) against the split-K fix (.carry-rt/mosaic) at the first 14 of the
# 18 defaults that differ among 500 fresh seeded f16 shapes of 97 to 128 rows
# (`ROWS=97 run32-decodediff.py 92 500`), one round.
#   OUT=... bash docs/logs/run32-j.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 113x6008x1992 121x5000x5576 113x5632x3912 126x5264x1816 113x5240x6344 121x6536x7352 127x5896x1944 116x7224x3816 119x6952x4728 121x7264x3128 121x7352x1176 109x5080x4504 114x6848x2168 121x5096x1128 ; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic mosaic-final" --m $m --n $n --k $kk
done
