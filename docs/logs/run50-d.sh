#!/usr/bin/env bash
# Run 50-d: f16 decode shapes with a column-major A (no transposed plans; 50-a's lowest
# suite rows, 0.91-0.92x cuBLAS): ranked plans 1-6 of mosaic-50b at 16x5120x5120 and
# 16x5120x13824, `bench --samples 30`, cuBLAS in the same process. A lead for the ranking, no
# code change.
#   OUT=... bash docs/logs/run50-d.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 16x5120x5120 16x5120x13824; do
  IFS=x read m n k <<< "$s"
  for p in 1 2 3 4 5 6; do bx mosaic-50b --m $m --n $n --k $k --a-layout col --plan $p; done
done
