#!/usr/bin/env bash
# Run 27-e: the final rule (transposed grids above 128 rows share B where the caller's A rows
# straddle 32-byte sectors, K > 1536, padding costs no wave) at the shapes of runs 25-i and
# 26-a whose defaults it moves, against the base build (`$BASE`, 745d78a), 30 paired
# samples, two rounds; verify and memcheck of new defaults first.
#   OUT=... bash docs/logs/run27-e.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 600 --n 7280 --k 8056
v --m 3344 --n 6544 --k 7848
v --m 2000 --n 1216 --k 4284 --dtype tf32 --b-layout col
v --m 1376 --n 792 --k 7784 --c-dtype f16
v --m 7992 --n 5368 --k 2840 --dtype bf16
mc --m 1272 --n 4968 --k 5880
for r in 1 2; do
  for s in "600 7280 8056" "1272 4968 5880" "7992 5368 2840" "3344 6544 7848" "1040 5072 7288" "4864 824 4472"; do
    set -- $s; pair --m $1 --n $2 --k $3
  done
done
