#!/usr/bin/env bash
# Run 39-f (H200): `half_rows::block_first` (`mosaic-hr`: at M = 128, an untransposed 64x64
# default grid gives way to the transposed 64x64 grid in 4 x 2 blocks of 8-CTA clusters;
# fitted on 39-d and 39-e) against HEAD's build (`mosaic-39`), out of sample: every default
# it moves among seeds 226 (f16, 150 draws), 229 (f16, 200), 227 (bf16, 150), 228
# (column-major B, 150), M = 128, N, K >= 1024 (27). Verify at three moved kernels
# (f16, bf16, column-major B) and at one with alpha/beta; memcheck at one.
#   OUT=... bash docs/logs/run39-f.sh; REF=mosaic-39 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-39 mosaic-hr" "$@"; }
av2 --m 128 --n 3112 --k 3424   # 64x64 mc 100 -> T64x64 mc 104
av2 --m 128 --n 3504 --k 3320   # 64x64 mc 112 -> T64x64 mc 112
av2 --m 128 --n 3144 --k 6664 --dtype bf16   # 64x64 mc 100 -> T64x64 mc 104
av2 --m 128 --n 2160 --k 1312 --dtype bf16   # 64x64 68 -> T64x64 mc 72
av2 --m 128 --n 2408 --k 1056 --dtype bf16   # 64x64 76 -> T64x64 mc 80
av2 --m 128 --n 3272 --k 1512 --dtype bf16   # 64x64 104 -> T64x64 mc 104
av2 --m 128 --n 3568 --k 6408 --dtype bf16   # 64x64 mc 112 -> T64x64 mc 112
av2 --m 128 --n 2480 --k 1184 --dtype bf16   # 64x64 78 -> T64x64 mc 80
av2 --m 128 --n 3512 --k 7392 --dtype bf16   # 64x64 mc 112 -> T64x64 mc 112
av2 --m 128 --n 3272 --k 2744 --dtype bf16   # 64x64 mc 104 -> T64x64 mc 104
av2 --m 128 --n 2792 --k 1160 --b-layout col   # 64x64 88 -> T64x64 mc 88
av2 --m 128 --n 3456 --k 1968 --b-layout col   # 64x64 108 -> T64x64 mc 112
av2 --m 128 --n 3288 --k 5280 --b-layout col   # 64x64 104 -> T64x64 mc 104
av2 --m 128 --n 3304 --k 1816 --b-layout col   # 64x64 mc 104 -> T64x64 mc 104
av2 --m 128 --n 7184 --k 1488 --b-layout col   # 64x64 226 -> T64x64 mc 232
av2 --m 128 --n 2744 --k 1392 --b-layout col   # 64x64 86 -> T64x64 mc 88
av2 --m 128 --n 2928 --k 1120   # 64x64 92 -> T64x64 mc 96
av2 --m 128 --n 2800 --k 1168   # 64x64 88 -> T64x64 mc 88
av2 --m 128 --n 3288 --k 6216   # 64x64 mc 104 -> T64x64 mc 104
av2 --m 128 --n 3096 --k 3952   # 64x64 mc 100 -> T64x64 mc 104
av2 --m 128 --n 3096 --k 4840   # 64x64 mc 100 -> T64x64 mc 104
av2 --m 128 --n 3096 --k 3224   # 64x64 mc 100 -> T64x64 mc 104
av2 --m 128 --n 3504 --k 1528   # 64x64 110 -> T64x64 mc 112
av2 --m 128 --n 3552 --k 5464   # 64x64 mc 112 -> T64x64 mc 112
av2 --m 128 --n 3184 --k 5240   # 64x64 mc 100 -> T64x64 mc 104
av2 --m 128 --n 2992 --k 1368   # 64x64 94 -> T64x64 mc 96
av2 --m 128 --n 2536 --k 1496   # 64x64 80 -> T64x64 mc 80
M="timeout 150 ./.carry-rt/mosaic-hr"
v --m 128 --n 3112 --k 3424
v --m 128 --n 2160 --k 1312 --dtype bf16
v --m 128 --n 7184 --k 1488 --b-layout col
v --m 128 --n 2992 --k 1368 --alpha 1.5 --beta -0.5
v --m 128 --n 3304 --k 1816 --b-layout col --c-dtype bf16 --dtype bf16
mc --m 128 --n 2744 --k 1392 --b-layout col
