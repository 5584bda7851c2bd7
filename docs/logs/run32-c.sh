#!/usr/bin/env bash
# Run 32-c (H100): decode shapes off the suite. M = 16 and 128 at 16 seeded (n, k) (seed 86's
# draws with n, k >= 1024, rounded down to multiples of 8), f16, this run's build against
# cuBLAS; then ncu launch statistics of cuBLAS's and mosaic's kernels at four weak shapes.
#   OUT=... bash docs/logs/run32-c.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for m in 16 128; do
  for s in 2912x1224 2840x4608 1728x3360 8696x2024 2528x6128 1112x4232 4928x5480 1376x6856 5464x1904 1872x1392 2232x2136 2096x4056 6096x7552 8320x4344 1392x2864 5912x2024; do
    IFS=x read n kk <<< "$s"
    bx mosaic --m $m --n $n --k $kk
  done
done
kn --m 128 --n 1024 --k 8192
kn --m 680 --n 456 --k 7472
kn --m 64 --n 1952 --k 5656
kn --m 4864 --n 824 --k 4472
