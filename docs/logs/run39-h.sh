#!/usr/bin/env bash
# Run 39-h (H200): full ncu profiles at 128x6464x2920 f16 (39-c: cuBLAS
# `nvjet_sm90_hss_128x64_64x8_4x2`, two consumer warpgroups, 14.4 us; mosaic 0.84 of it):
# cuBLAS's kernel, mosaic's default (64x128 tiles of one warpgroup in 2 x 2 blocks), and
# mosaic's nearest to cuBLAS's (`mosaic-t64 --plan 3`: transposed 128x64 tiles of two
# consumer warpgroups, in 4 x 2 blocks of 8 stages, 1.10x the default in 39-d), to see where
# a two-consumer kernel of mosaic's loses to cuBLAS's.
#   OUT=... bash docs/logs/run39-h.sh   (reports: $OUT/nf-*.txt)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 128 --n 6464 --k 2920"
nf mosaic-hr m128-cublas 'nvjet|sm90_' $S
nf mosaic-hr m128-default mosaic_gemm $S
nf mosaic-t64 m128-t128x64 mosaic_gemm $S --plan 3 --multicast ab4x2 --stages 8
