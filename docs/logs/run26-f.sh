#!/usr/bin/env bash
# Run 26-f (diagnostic): the lone-grid losses of 26-c. At 2000x1216x4280 and 896x3504x8232
# f16, this build's plans 1-3 with a row-major and a column-major B, and plan 1 (transposed)
# with 4 stages instead of its lone ring's 5-6; 20 samples each.
#   OUT=... bash docs/logs/run26-f.sh
. "$(dirname "$0")/run26-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "2000 1216 4280" "896 3504 8232"; do
  set -- $s
  for bl in row col; do
    for p in 1 2 3; do bp 20 --m $1 --n $2 --k $3 --b-layout $bl --plan $p; done
    bp 20 --m $1 --n $2 --k $3 --b-layout $bl --plan 1 --stages 4
  done
done
