#!/usr/bin/env bash
# Run 43-e (H200): the final build (`mosaic-43b`) where the issue's goals are read on an
# H200: the LLM suite (f16, bf16, tf32 with a column-major B), 4096^3 f16 and bf16 and 8192^3
# f16 with 100 samples, the decode criterion's 50 shapes (39-g's), and ten of 43-d's moved
# defaults, old build against new (the model is fitted to the H100).
#   OUT=... bash docs/logs/run43-e.sh; python3 docs/logs/run42-sum.py LOG; python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run43-lib.sh"
B=mosaic-43b
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
suites $B
for a in "--m 4096 --n 4096 --k 4096" "--m 4096 --n 4096 --k 4096 --dtype bf16" "--m 8192 --n 8192 --k 8192"; do
  log "$a, 100 samples"; timeout 150 ./.carry-rt/$B bench gemm $a --target $T --samples 100 2>&1 | grep "ratio [0-9]" | cut -c1-260
done
criterion $B
vs "mosaic-42c:-|mosaic-43b:-" --m 1064 --n 1768 --k 7416
vs "mosaic-42c:-|mosaic-43b:-" --m 432 --n 5032 --k 7232
vs "mosaic-42c:-|mosaic-43b:-" --m 3047 --n 352 --k 3656
vs "mosaic-42c:-|mosaic-43b:-" --m 2144 --n 352 --k 8368
vs "mosaic-42c:-|mosaic-43b:-" --m 1464 --n 1592 --k 6312
vs "mosaic-42c:-|mosaic-43b:-" --m 280 --n 960 --k 3232
vs "mosaic-42c:-|mosaic-43b:-" --m 1536 --n 608 --k 4032
vs "mosaic-42c:-|mosaic-43b:-" --m 1112 --n 256 --k 3128
vs "mosaic-42c:-|mosaic-43b:-" --m 712 --n 584 --k 7832 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 832 --n 1472 --k 4568 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 408 --n 2624 --k 3552 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 352 --n 672 --k 4120 --dtype bf16
