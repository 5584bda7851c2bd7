#!/usr/bin/env bash
# Run 50-c: batched tf32 with a column-major A (mosaic-50b: transposed plans now read that A
# through its transposing copy): verify of a moved default, then bench bmm of both builds
# (mosaic-50a before) at the four moved shapes of six tried, order alternated, cuBLAS's
# strided-batched GEMM in the same process.
#   OUT=... bash docs/logs/run50-c.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for c in "bmm --batch 4 --m 16 --n 4096 --k 4096" "bmm --batch 3 --m 20 --n 999 --k 333 --back-to-back"; do
  echo "verify $c :: $(timeout 120 ./.carry-rt/mosaic-50b verify $c --dtype tf32 --a-layout col --target $T 2>&1 | tail -1 | cut -c1-160)"
done
i=0
for s in 2x128x4096x4096 4x16x4096x4096 8x512x1024x1024 16x256x512x2048; do
  IFS=x read bt m n k <<< "$s"; i=$((i + 1))
  for r in 1 2; do
    if [ $(((i + r) % 2)) = 1 ]; then order="mosaic-50a mosaic-50b"; else order="mosaic-50b mosaic-50a"; fi
    for b in $order; do
      log "bench ($b) bmm --batch $bt --m $m --n $n --k $k --dtype tf32 --a-layout col"
      timeout 150 ./.carry-rt/$b bench bmm --batch $bt --m $m --n $n --k $k --dtype tf32 --a-layout col --target $T --samples 30 2>&1 | grep "ratio [0-9]" | cut -c1-260
    done
  done
done
