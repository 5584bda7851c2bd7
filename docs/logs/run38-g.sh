#!/usr/bin/env bash
# Run 38-g (H200): decode shapes of 97 to 112 rows (seeds 191 f16, 192 bf16, 193 column-major
# B; 60 draws each, N, K >= 1024; `docs/logs/run38-cands.py`), every non-transposed default,
# against the first transposed split-K 4 grid of 128-row tiles within 120 CTAs and the
# first transposed split-K 2 grid of one wave, where ranked. `mosaic-38r` (run 38's rule).
#   OUT=... bash docs/logs/run38-g.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-38r "-|--plan 5" --m 108 --n 4096 --k 2888   # 64x64 128 -> None / T64x112 sk2 128
av mosaic-38r "-|--plan 7|--plan 9" --m 112 --n 2144 --k 2216   # 64x64 mc 68 -> T128x112 sk4 68 / T64x112 sk2 68
av mosaic-38r "-|--plan 13" --m 111 --n 7392 --k 3128   # 64x128 mc 116 -> None / T128x112 sk2 116
av mosaic-38r "-|--plan 7" --m 105 --n 8488 --k 5176   # 64x192 mc 92 -> None / T192x112 sk2 90
av mosaic-38r "-|--plan 11|--plan 4" --m 100 --n 3328 --k 3576   # 64x64 mc 104 -> T128x104 sk4 104 / T64x104 sk2 104
av mosaic-38r "-|--plan 8|--plan 19" --m 103 --n 1464 --k 8432   # 64x128 sk4 mc 96 -> T128x104 sk4 48 / T64x104 sk2 46
av mosaic-38r "-|--plan 5|--plan 4" --m 100 --n 2968 --k 7920   # 64x64 mc 96 -> T128x104 sk4 96 / T64x104 sk2 94
av mosaic-38r "-|--plan 8|--plan 10" --m 111 --n 2072 --k 2032   # 64x64 mc 68 -> T128x112 sk4 68 / T64x112 sk2 66
av mosaic-38r "-|--plan 10|--plan 21" --m 102 --n 1536 --k 2408   # 64x64 sk2 mc 96 -> T128x104 sk4 48 / T64x104 sk2 48
av mosaic-38r "-|--plan 6" --m 111 --n 3952 --k 1168   # 64x64 124 -> None / T64x112 sk2 124
av mosaic-38r "-|--plan 6|--plan 12" --m 111 --n 2624 --k 6776   # 64x64 mc 84 -> T128x112 sk4 84 / T64x112 sk2 82
av mosaic-38r "-|--plan 13|--plan 6" --m 111 --n 2472 --k 1024 --dtype bf16   # 64x64 78 -> T128x112 sk4 80 / T64x112 sk2 78
av mosaic-38r "-|--plan 6|--plan 8" --m 103 --n 2640 --k 3392 --dtype bf16   # 64x64 84 -> T128x104 sk4 84 / T64x104 sk2 84
av mosaic-38r "-|--plan 9|--plan 18" --m 100 --n 1144 --k 3264 --dtype bf16   # 64x128 sk4 72 -> T128x104 sk4 36 / T64x104 sk2 36
av mosaic-38r "-|--plan 8|--plan 20" --m 108 --n 1112 --k 8560 --dtype bf16   # 64x128 sk4 72 -> T128x112 sk4 36 / T64x112 sk2 36
av mosaic-38r "-|--plan 10|--plan 18" --m 112 --n 1280 --k 2440 --dtype bf16   # 64x64 sk2 80 -> T128x112 sk4 40 / T64x112 sk2 40
av mosaic-38r "-|--plan 10|--plan 18" --m 100 --n 1320 --k 1952 --dtype bf16   # 64x64 sk2 84 -> T128x104 sk4 44 / T64x104 sk2 42
av mosaic-38r "-|--plan 5|--plan 9" --m 102 --n 2312 --k 2920 --dtype bf16   # 64x64 mc 76 -> T128x104 sk4 76 / T64x104 sk2 74
av mosaic-38r "-|--plan 11" --m 107 --n 8928 --k 1712 --dtype bf16   # 128x96 93 -> None / T192x112 sk2 94
av mosaic-38r "-|--plan 8" --m 106 --n 8488 --k 1704 --b-layout col   # 64x192 mc 92 -> None / T192x112 sk2 90
av mosaic-38r "-|--plan 11|--plan 6" --m 98 --n 2104 --k 1080 --b-layout col   # 64x64 66 -> T128x104 sk4 68 / T64x104 sk2 66
av mosaic-38r "-|--plan 10|--plan 16" --m 100 --n 1328 --k 1720 --b-layout col   # 64x64 sk2 84 -> T128x104 sk4 44 / T64x104 sk2 42
av mosaic-38r "-|--plan 8" --m 100 --n 4704 --k 7192 --b-layout col   # 64x96 mc 100 -> None / T128x104 sk2 74
av mosaic-38r "-|--plan 15" --m 103 --n 6336 --k 2168 --b-layout col   # 64x96 132 -> None / T128x104 sk2 100
av mosaic-38r "-|--plan 8|--plan 19" --m 101 --n 1144 --k 7920 --b-layout col   # 64x128 sk4 72 -> T128x104 sk4 36 / T64x104 sk2 36
av mosaic-38r "-|--plan 12|--plan 5" --m 105 --n 2728 --k 1832 --b-layout col   # 64x64 mc 88 -> T128x112 sk4 88 / T64x112 sk2 86
av mosaic-38r "-|--plan 9|--plan 4" --m 110 --n 2872 --k 3312 --b-layout col   # 64x64 90 -> T128x112 sk4 92 / T64x112 sk2 90
av mosaic-38r "-|--plan 10" --m 112 --n 7400 --k 5336 --b-layout col   # 64x128 mc 116 -> None / T128x112 sk2 116
av mosaic-38r "-|--plan 9|--plan 18" --m 110 --n 1448 --k 4272 --b-layout col   # 64x128 sk4 mc 96 -> T128x112 sk4 48 / T64x112 sk2 46
av mosaic-38r "-|--plan 9|--plan 15" --m 109 --n 1072 --k 1536 --b-layout col   # 64x64 sk2 68 -> T128x112 sk4 36 / T64x112 sk2 34
