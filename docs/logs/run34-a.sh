#!/usr/bin/env bash
# Run 34-a (H200): where the time goes at M = 128 with A rows of whole 32-byte sectors.
# Full ncu profiles (clocks free) of cuBLAS's kernel, mosaic's default (64x64, 90 CTAs) and
# mosaic's 2 x 4 A-and-B block with 13 stages (cuBLAS's tile, stages and cluster) at
# 128x2840x4608; then, at run 32-c's four M = 128 shapes with whole-sector A rows below 0.9x
# cuBLAS (run 33-e), the default against 2 x 2 and 2 x 4 blocks (30 paired samples each).
#   OUT=... bash docs/logs/run34-a.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-r34"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 128 --n 2840 --k 4608 --multicast ab2x4 --stages 13
nf mosaic-r34 cublas-2840 'nvjet|sm90_' --m 128 --n 2840 --k 4608
nf mosaic-r34 dflt-2840 mosaic_gemm --m 128 --n 2840 --k 4608
nf mosaic-r34 b24-2840 mosaic_gemm --m 128 --n 2840 --k 4608 --multicast ab2x4 --stages 13
for s in 2840x4608 2528x6128 1728x3360 1392x2864; do
  av mosaic-r34 "-|--multicast ab|--multicast ab2x4|--multicast ab2x4 --stages 13" --m 128 --n ${s%x*} --k ${s#*x}
done
