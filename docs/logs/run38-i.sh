#!/usr/bin/env bash
# Run 38-i (H200): decode shapes of 113 to 128 rows (seeds 198 f16, 199 bf16, 200 column-major
# B, 70 draws; 201, 202 f16, 110 draws; N >= 1024, K >= 1536) whose default is a grid of two
# 64-row tile rows and where a transposed split-K 4 grid of 128-row tiles has 66 to 120 CTAs:
# the default against that grid and the first transposed split-K 2 grid of one wave; and
# three M = 128 shapes. `mosaic-t4b` (run 38's rule at 65 to 112 rows).
#   OUT=... bash docs/logs/run38-i.sh; python3 docs/logs/run38-av2.py LOG docs/logs/run38-i.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-t4b "-|--plan 11|--plan 5" --m 118 --n 3272 --k 4184   # 64x64 mc 104 -> T128x120 sk4 104 / T64x120 sk2 104
av mosaic-t4b "-|--plan 9|--plan 3" --m 118 --n 3248 --k 3472 --dtype bf16   # 64x64 102 -> T128x120 sk4 104 / T64x120 sk2 102
av mosaic-t4b "-|--plan 10|--plan 6" --m 122 --n 2952 --k 7144 --dtype bf16   # 64x64 mc 96 -> T128x128 sk4 96 / T64x128 sk2 94
av mosaic-t4b "-|--plan 14|--plan 6" --m 124 --n 3392 --k 2600 --dtype bf16   # 64x64 mc 108 -> T128x128 sk4 108 / T64x128 sk2 106
av mosaic-t4b "-|--plan 9|--plan 6" --m 127 --n 2896 --k 4472 --b-layout col   # 64x64 mc 92 -> T128x128 sk4 92 / T64x128 sk2 92
av mosaic-t4b "-|--plan 6|--plan 13" --m 114 --n 2064 --k 4312 --b-layout col   # 64x192 sk4 mc 88 -> T128x120 sk4 68 / T64x120 sk2 66
av mosaic-t4b "-|--plan 5|--plan 12" --m 121 --n 2216 --k 9096 --b-layout col   # 64x64 mc 72 -> T128x128 sk4 72 / T64x128 sk2 70
av mosaic-t4b "-|--plan 13|--plan 3" --m 123 --n 3792 --k 2000   # 64x64 120 -> T128x128 sk4 120 / T64x128 sk2 120
av mosaic-t4b "-|--plan 10|--plan 6" --m 123 --n 2984 --k 6792   # 64x64 mc 96 -> T128x128 sk4 96 / T64x128 sk2 94
av mosaic-t4b "-|--plan 11|--plan 5" --m 119 --n 3304 --k 7528   # 64x64 mc 104 -> T128x120 sk4 104 / T64x120 sk2 104
av mosaic-t4b "-|--plan 9|--plan 2" --m 113 --n 3344 --k 4624   # 64x64 106 -> T128x120 sk4 108 / T64x120 sk2 106
av mosaic-t4b "-|--plan 6|--plan 12" --m 120 --n 2240 --k 4168   # 64x64 mc 72 -> T128x120 sk4 72 / T64x120 sk2 70
av mosaic-t4b "-|--plan 7|--plan 12" --m 118 --n 2456 --k 3304   # 64x64 mc 80 -> T128x120 sk4 80 / T64x120 sk2 78
av mosaic-t4b "-|--plan 10|--plan 5" --m 120 --n 2712 --k 2160   # 64x64 mc 88 -> T128x120 sk4 88 / T64x120 sk2 86
av mosaic-t4b "-|--plan 8|--plan 4" --m 120 --n 3528 --k 7944   # 64x64 mc 112 -> T128x120 sk4 112 / T64x120 sk2 112
av mosaic-t4b "-|--plan 8|--plan 4" --m 116 --n 3576 --k 7880   # 64x64 mc 112 -> T128x120 sk4 112 / T64x120 sk2 112
av mosaic-t4b "-|--plan 10|--plan 7" --m 128 --n 2840 --k 4608   # 64x64 mc 92 -> T128x128 sk4 92 / T64x128 sk2 90
av mosaic-t4b "-|--plan 12|--plan 9" --m 128 --n 2232 --k 2136   # 64x64 mc 72 -> T128x128 sk4 72 / T64x128 sk2 70
av mosaic-t4b "-|--plan 11|--plan 5" --m 128 --n 3000 --k 3000   # 64x64 mc 96 -> T128x128 sk4 96 / T64x128 sk2 94
