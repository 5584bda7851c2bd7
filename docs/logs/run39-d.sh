#!/usr/bin/env bash
# Run 39-d (H200): cuBLAS's M = 128 structure (39-c: nvjet tiles of X of N by 64 of M, two
# consumer warpgroups, 8-CTA 4 x 2 clusters) in mosaic's terms: transposed decode tiles
# 64 columns wide (half of M = 128 as wgmma's n), built by `mosaic-t64` (decode transposed
# candidates take n = 64 beside n = M). At 39-c's seven weak shapes and 38-a's two short-K
# ones: the default (`mosaic-39`, HEAD 96b4bdc), t64's default where it differs (T64x64: one
# warpgroup, 64 of N x 64 of M), t64's T128x64 with two consumer warpgroups (`--plan N`)
# alone, with the caller's B shared by the two CTAs of a tile row (`--multicast a`), and in
# 4 x 2 blocks (`--multicast ab4x2`, cuBLAS's cluster) with 6 and 8 stages. Verify at three
# t64 kernels (one of 100 rows).
#   OUT=... bash docs/logs/run39-d.sh; python3 docs/logs/run38-av2.py LOG docs/logs/run39-d.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
vs "mosaic-39:-|mosaic-t64:-|mosaic-t64:--multicast ab4x2|mosaic-t64:--plan 7|mosaic-t64:--plan 7 --multicast a|mosaic-t64:--plan 7 --multicast ab4x2|mosaic-t64:--plan 7 --multicast ab4x2 --stages 8" --m 128 --n 3776 --k 1352   # 64x64 118; t64 first T64x64 118; plan 7 T128x64 60
vs "mosaic-39:-|mosaic-t64:-|mosaic-t64:--multicast ab4x2|mosaic-t64:--plan 5|mosaic-t64:--plan 5 --multicast a|mosaic-t64:--plan 5 --multicast ab4x2|mosaic-t64:--plan 5 --multicast ab4x2 --stages 8" --m 128 --n 2960 --k 1648   # T128x128 sk4 96; t64 first T64x64 94; plan 5 T128x64 48
vs "mosaic-39:-|mosaic-t64:--plan 3|mosaic-t64:--plan 3 --multicast a|mosaic-t64:--plan 3 --multicast ab4x2|mosaic-t64:--plan 3 --multicast ab4x2 --stages 8" --m 128 --n 6464 --k 2920   # 64x128 mc 104; t64 first 64x128 mc 104; plan 3 T128x64 102
vs "mosaic-39:-|mosaic-t64:-|mosaic-t64:--multicast ab4x2|mosaic-t64:--plan 6|mosaic-t64:--plan 6 --multicast a|mosaic-t64:--plan 6 --multicast ab4x2|mosaic-t64:--plan 6 --multicast ab4x2 --stages 8" --m 128 --n 3288 --k 4896   # 64x64 mc 104; t64 first T64x64 104; plan 6 T128x64 52
vs "mosaic-39:-|mosaic-t64:--plan 5|mosaic-t64:--plan 5 --multicast a|mosaic-t64:--plan 5 --multicast ab4x2|mosaic-t64:--plan 5 --multicast ab4x2 --stages 8" --m 128 --n 4952 --k 1600   # 64x96 mc 104; t64 first 64x96 mc 104; plan 5 T128x64 78
vs "mosaic-39:-|mosaic-t64:--plan 25|mosaic-t64:--plan 25 --multicast a|mosaic-t64:--plan 25 --multicast ab4x2|mosaic-t64:--plan 25 --multicast ab4x2 --stages 8" --m 128 --n 8496 --k 7744   # 64x192 90; t64 first 64x192 90; plan 25 T128x64 134
vs "mosaic-39:-|mosaic-t64:--plan 4|mosaic-t64:--plan 4 --multicast a|mosaic-t64:--plan 4 --multicast ab4x2|mosaic-t64:--plan 4 --multicast ab4x2 --stages 8" --m 128 --n 6344 --k 2192   # T64x128 100; t64 first T64x128 100; plan 4 T128x64 100
vs "mosaic-39:-|mosaic-t64:-|mosaic-t64:--multicast ab4x2|mosaic-t64:--plan 5|mosaic-t64:--plan 5 --multicast a|mosaic-t64:--plan 5 --multicast ab4x2|mosaic-t64:--plan 5 --multicast ab4x2 --stages 8" --m 128 --n 2912 --k 1224   # 64x64 92; t64 first T64x64 92; plan 5 T128x64 46
vs "mosaic-39:-|mosaic-t64:--plan 3|mosaic-t64:--plan 3 --multicast a|mosaic-t64:--plan 3 --multicast ab4x2|mosaic-t64:--plan 3 --multicast ab4x2 --stages 8" --m 128 --n 4432 --k 1272   # 64x128 70; t64 first 64x128 70; plan 3 T128x64 70
M="timeout 150 ./.carry-rt/mosaic-t64"
v --m 128 --n 6464 --k 2920 --plan 3 --multicast ab4x2
v --m 128 --n 3776 --k 1352 --multicast ab4x2
v --m 100 --n 3000 --k 2000
v --m 100 --n 3000 --k 2000 --plan 6 --multicast ab4x2
