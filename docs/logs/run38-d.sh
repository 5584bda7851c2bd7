#!/usr/bin/env bash
# Run 38-d (H200): fresh decode shapes (seeds 184-186, 70 draws each, M drawn from 65..127,
# `docs/logs/run38-cands.py`), f16. Group 1: every default that is a plain grid of 64x64 tiles
# (two tile rows, one tile a CTA, B pairs or not), against the first transposed split-K 2
# plan (64xM tiles). Group 2: every other default of 64-row tiles, against the first
# transposed split-K plan. HEAD's build (`mosaic-38`), `--plan N`.
#   OUT=... bash docs/logs/run38-d.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
# Group 1
av mosaic-38 "-|--plan 3" --m 101 --n 3192 --k 4744   # 64x64 mc 100 -> T64x104 sk2 100
av mosaic-38 "-|--plan 4" --m 95 --n 4136 --k 4816   # 64x64 mc 130 -> T64x96 sk2 130
av mosaic-38 "-|--plan 7" --m 107 --n 2728 --k 3624   # 64x64 mc 88 -> T64x112 sk2 86
av mosaic-38 "-|--plan 6" --m 77 --n 2176 --k 1904   # 64x64 68 -> T64x80 sk2 68
av mosaic-38 "-|--plan 4" --m 90 --n 2472 --k 1408   # 64x64 78 -> T64x96 sk2 78
av mosaic-38 "-|--plan 3" --m 87 --n 3552 --k 6912   # 64x64 112 -> T64x88 sk2 112
av mosaic-38 "-|--plan 8" --m 74 --n 2424 --k 3416   # 64x64 mc 76 -> T64x80 sk2 76
av mosaic-38 "-|--plan 13" --m 108 --n 2256 --k 7176   # 64x64 mc 72 -> T64x112 sk2 72
av mosaic-38 "-|--plan 5" --m 116 --n 4040 --k 3640   # 64x64 mc 128 -> T64x120 sk2 128
av mosaic-38 "-|--plan 3" --m 88 --n 3408 --k 3256   # 64x64 mc 108 -> T64x88 sk2 108
av mosaic-38 "-|--plan 4" --m 109 --n 3352 --k 4760   # 64x64 mc 108 -> T64x112 sk2 106
av mosaic-38 "-|--plan 6" --m 117 --n 3992 --k 1232   # 64x64 126 -> T64x120 sk2 126
av mosaic-38 "-|--plan 6" --m 89 --n 2248 --k 1064   # 64x64 72 -> T64x96 sk2 72
av mosaic-38 "-|--plan 4" --m 114 --n 2848 --k 1792   # 64x64 90 -> T64x120 sk2 90
av mosaic-38 "-|--plan 7" --m 70 --n 2160 --k 2696   # 64x64 mc 68 -> T64x72 sk2 68
av mosaic-38 "-|--plan 3" --m 88 --n 3952 --k 8752   # 64x64 mc 124 -> T64x88 sk2 124
av mosaic-38 "-|--plan 12" --m 83 --n 2440 --k 6096   # 64x64 mc 80 -> T64x88 sk2 78
av mosaic-38 "-|--plan 6" --m 103 --n 2840 --k 5384   # 64x64 mc 92 -> T64x104 sk2 90
av mosaic-38 "-|--plan 4" --m 81 --n 3992 --k 2232   # 64x64 mc 126 -> T64x88 sk2 126
av mosaic-38 "-|--plan 12" --m 113 --n 1752 --k 1024   # 64x64 56 -> T64x120 sk2 56
av mosaic-38 "-|--plan 12" --m 110 --n 1848 --k 1264   # 64x64 58 -> T64x112 sk2 58
av mosaic-38 "-|--plan 7" --m 122 --n 2160 --k 1168   # 64x64 68 -> T64x128 sk2 68
# Group 2
av mosaic-38 "-|--plan 5" --m 122 --n 1232 --k 2656   # 64x128 sk4 mc 80 -> T64x128 sk4 80
av mosaic-38 "-|--plan 5" --m 125 --n 1544 --k 1576   # 64x64 sk2 mc 100 -> T64x128 sk4 100
av mosaic-38 "-|--plan 3" --m 73 --n 1680 --k 4136   # 64x128 sk4 mc 112 -> T64x80 sk4 108
av mosaic-38 "-|--plan 4" --m 95 --n 1208 --k 1728   # 64x64 sk2 76 -> T64x96 sk4 76
av mosaic-38 "-|--plan 7" --m 120 --n 8624 --k 7040   # 64x192 90 -> T192x120 sk2 90
av mosaic-38 "-|--plan 5" --m 93 --n 2040 --k 5632   # 64x192 sk4 mc 88 -> T128x96 sk4 64
av mosaic-38 "-|--plan 5" --m 106 --n 2064 --k 9400   # 64x192 sk4 mc 88 -> T128x112 sk4 68
av mosaic-38 "-|--plan 3" --m 120 --n 1584 --k 1856   # 64x64 sk2 100 -> T64x120 sk4 100
av mosaic-38 "-|--plan 3" --m 104 --n 1792 --k 6696   # 64x128 sk4 mc 112 -> T64x104 sk4 112
av mosaic-38 "-|--plan 8" --m 123 --n 9176 --k 4344   # 64x192 mc 96 -> T192x128 sk2 96
av mosaic-38 "-|--plan 4" --m 66 --n 2208 --k 6368   # 64x192 sk4 mc 96 -> T128x72 sk4 72
av mosaic-38 "-|--plan 2" --m 123 --n 8104 --k 2952   # 64x128 mc 128 -> T64x128 sk2 254
