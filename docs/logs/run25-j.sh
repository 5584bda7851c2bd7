#!/usr/bin/env bash
# Run 25-j: the worst shapes of 25-i's sweep, their top ranked plans each against cuBLAS,
# to see whether a better plan is ranked at all (20 samples).
#   OUT=... bash docs/logs/run25-j.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "4864 824 4472" "600 7280 8056" "5464 1296 6224" "5808 1056 5168" "1272 4968 5880"; do
  set -- $s
  for p in 1 2 3 4 5 6; do bpc 20 --m $1 --n $2 --k $3 --plan $p; done
done
