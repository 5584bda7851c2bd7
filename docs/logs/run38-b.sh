#!/usr/bin/env bash
# Run 38-b (H200): full ncu profiles of mosaic's and cuBLAS's kernels at two short-K decode
# shapes where mosaic trails (38-a: 128x2912x1224 0.80, 16x4360x2904 0.90 of cuBLAS), one
# launch each (the fourth matching), clocks free. Raw metrics: $OUT/nf-TAG-raw.csv.
#   OUT=... bash docs/logs/run38-b.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
nf mosaic-38 m128-mosaic mosaic_gemm --m 128 --n 2912 --k 1224
nf mosaic-38 m128-cublas 'nvjet|sm90_' --m 128 --n 2912 --k 1224
nf mosaic-38 m16-mosaic mosaic_gemm --m 16 --n 4360 --k 2904
nf mosaic-38 m16-cublas 'nvjet|sm90_' --m 16 --n 4360 --k 2904
