#!/usr/bin/env bash
# Run 39-e (H200): 8-CTA clusters of 64x64 tiles at M = 128 (39-d: the transposed 64x64 grid
# in 4 x 2 blocks, cuBLAS's cluster, 1.04-1.17x the default at four short-K shapes). A fitting
# sample, fresh seeds 222 (f16, 12), 223 (bf16, 8), 224 (column-major B, 6), N >= 2048,
# K >= 1024, every default: the default (`mosaic-39`), `mosaic-t64`'s transposed 64x64 grid
# with `--multicast ab4x2`, and the untransposed 64x64 grid with `--multicast ab2x4`.
#   OUT=... bash docs/logs/run39-e.sh; python3 docs/logs/run39-vs.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2408 --k 6600   # T128x128 sk4 76
vs "mosaic-39:-|mosaic-t64:--plan 12 --multicast ab4x2|mosaic-39:--plan 26 --multicast ab2x4" --m 128 --n 6224 --k 1856   # T64x128 98
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 3496 --k 5816   # 64x64 mc 112
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2400 --k 1584   # T128x128 sk4 76
vs "mosaic-39:-|mosaic-t64:--plan 18 --multicast ab4x2|mosaic-39:--plan 13 --multicast ab2x4" --m 128 --n 4288 --k 1176   # 64x128 68
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 22 --multicast ab2x4" --m 128 --n 7080 --k 1272   # 64x128 112
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2560 --k 3920   # T128x128 sk4 80
vs "mosaic-39:-|mosaic-t64:--plan 5 --multicast ab4x2|mosaic-39:--plan 4 --multicast ab2x4" --m 128 --n 2096 --k 4424   # T128x128 sk4 68
vs "mosaic-39:-|mosaic-t64:--plan 32 --multicast ab4x2|mosaic-39:--plan 34 --multicast ab2x4" --m 128 --n 4728 --k 5536   # 64x96 mc 100
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 3168 --k 3008   # 64x64 100
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 3128 --k 1912   # 64x64 mc 100
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 3200 --k 7728   # 64x64 100
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2408 --k 2752 --dtype bf16   # T128x128 sk4 76
vs "mosaic-39:-|mosaic-t64:--plan 30 --multicast ab4x2|mosaic-39:--plan 30 --multicast ab2x4" --m 128 --n 5864 --k 7072 --dtype bf16   # T64x128 92
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2560 --k 1576 --dtype bf16   # T128x128 sk4 80
vs "mosaic-39:-|mosaic-t64:--plan 16 --multicast ab4x2|mosaic-39:--plan 12 --multicast ab2x4" --m 128 --n 4616 --k 1216 --dtype bf16   # T64x128 73
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 2184 --k 1240 --dtype bf16   # 64x64 70
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2504 --k 2328 --dtype bf16   # T128x128 sk4 80
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 3344 --k 1896 --dtype bf16   # 64x64 mc 108
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 3392 --k 1648 --dtype bf16   # 64x64 106
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2264 --k 2504 --b-layout col   # T128x128 sk4 72
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 1 --multicast ab2x4" --m 128 --n 7432 --k 1144 --b-layout col   # 64x64 234
vs "mosaic-39:-|mosaic-t64:--plan 30 --multicast ab4x2|mosaic-39:--plan 24 --multicast ab2x4" --m 128 --n 4864 --k 6056 --b-layout col   # 64x96 mc 104
vs "mosaic-39:-|mosaic-t64:--plan 30 --multicast ab4x2|mosaic-39:--plan 24 --multicast ab2x4" --m 128 --n 6320 --k 5744 --b-layout col   # T64x128 99
vs "mosaic-39:-|mosaic-t64:--plan 1 --multicast ab4x2|mosaic-39:--plan 2 --multicast ab2x4" --m 128 --n 2880 --k 9240 --b-layout col   # T128x128 sk4 92
vs "mosaic-39:-|mosaic-t64:--plan 19 --multicast ab4x2|mosaic-39:--plan 14 --multicast ab2x4" --m 128 --n 5392 --k 1928 --b-layout col   # 64x96 mc 116
