#!/usr/bin/env bash
# Run 34-c (H200): M = 128 with A and B rows of whole 32-byte sectors, where cuBLAS leads
# (34-b's ncu at 128x2528x6128: cuBLAS splits K in two over 96-column tiles, 108 CTAs in
# 8-CTA clusters, 13.1 us against mosaic's 80 CTAs of 64x64 at 17.7 us; both pull about
# 60 bytes per cycle into each busy SM). The default (`mosaic-r34b`) against the first plain
# 64-row plans of 64x96 split-K 2, 64x128 split-K 2, 64x192 split-K 4 and 64x96 tiles of
# `mosaic-x96a` (a build that offers 96-column tiles at M <= 128 whatever N is; plan numbers
# from `MOSAIC=.carry-rt/mosaic-x96a python3 docs/logs/run34-cands.py 121 12 2528x6128
# 1728x3360 1392x2864`), 30 paired samples each, one round.
# (As run; the plan numbers' first script missed transposed plans, so at 3984x3456,
# 3536x5408 and 3296x6544 the 64x128 split-K 2 plans timed, 7, 4 and 4, are transposed.)
#   OUT=... bash docs/logs/run34-c.sh
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-x96a"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 128 --n 2528 --k 6128 --plan 3
v --m 128 --n 1392 --k 2864 --plan 4
v --m 100 --n 1000 --k 2000 --plan 1
v --m 100 --n 1000 --k 2000 --plan 5 --dtype bf16
vs "mosaic-r34b:-|mosaic-x96a:--plan 3|mosaic-x96a:--plan 4|mosaic-x96a:--plan 8|mosaic-x96a:--plan 2" --m 128 --n 2528 --k 6128
vs "mosaic-r34b:-|mosaic-x96a:--plan 3|mosaic-x96a:--plan 4|mosaic-x96a:--plan 10|mosaic-x96a:--plan 9" --m 128 --n 1728 --k 3360
vs "mosaic-r34b:-|mosaic-x96a:--plan 4|mosaic-x96a:--plan 6|mosaic-x96a:--plan 11|mosaic-x96a:--plan 10" --m 128 --n 1392 --k 2864
vs "mosaic-r34b:-|mosaic-x96a:--plan 3|mosaic-x96a:--plan 4|mosaic-x96a:--plan 2" --m 128 --n 2912 --k 4688
vs "mosaic-r34b:-|mosaic-x96a:--plan 3|mosaic-x96a:--plan 5|mosaic-x96a:--plan 2" --m 128 --n 3040 --k 5712
vs "mosaic-r34b:-|mosaic-x96a:--plan 2|mosaic-x96a:--plan 4|mosaic-x96a:--plan 9|mosaic-x96a:--plan 10" --m 128 --n 1536 --k 3296
vs "mosaic-r34b:-|mosaic-x96a:--plan 3|mosaic-x96a:--plan 4|mosaic-x96a:--plan 11|mosaic-x96a:--plan 9" --m 128 --n 1648 --k 2560
vs "mosaic-r34b:-|mosaic-x96a:--plan 5|mosaic-x96a:--plan 6|mosaic-x96a:--plan 11|mosaic-x96a:--plan 10" --m 128 --n 1024 --k 2224
vs "mosaic-r34b:-|mosaic-x96a:--plan 28|mosaic-x96a:--plan 7|mosaic-x96a:--plan 2" --m 128 --n 3984 --k 3456
vs "mosaic-r34b:-|mosaic-x96a:--plan 37|mosaic-x96a:--plan 4|mosaic-x96a:--plan 2" --m 128 --n 3536 --k 5408
vs "mosaic-r34b:-|mosaic-x96a:--plan 3|mosaic-x96a:--plan 4|mosaic-x96a:--plan 13|mosaic-x96a:--plan 9" --m 128 --n 1808 --k 3776
vs "mosaic-r34b:-|mosaic-x96a:--plan 5|mosaic-x96a:--plan 6|mosaic-x96a:--plan 4|mosaic-x96a:--plan 19" --m 128 --n 1104 --k 5792
vs "mosaic-r34b:-|mosaic-x96a:--plan 42|mosaic-x96a:--plan 4|mosaic-x96a:--plan 2" --m 128 --n 3296 --k 6544
vs "mosaic-r34b:-|mosaic-x96a:--plan 2|mosaic-x96a:--plan 4|mosaic-x96a:--plan 5|mosaic-x96a:--plan 3" --m 128 --n 2464 --k 9120
vs "mosaic-r34b:-|mosaic-x96a:--plan 2|mosaic-x96a:--plan 3|mosaic-x96a:--plan 7|mosaic-x96a:--plan 4" --m 128 --n 2336 --k 9280
