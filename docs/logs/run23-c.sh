#!/usr/bin/env bash
# Run 23-c: where the TMA engine puts a box narrower than its swizzle span (run23-boxlayout.cu).
#   OUT=... bash docs/logs/run23-c.sh
nvidia-smi --query-gpu=name,serial --format=csv,noheader
nvcc -arch=sm_90a -o $OUT/boxlayout docs/logs/run23-boxlayout.cu -lcuda || exit 1
$OUT/boxlayout; rm -f $OUT/boxlayout
