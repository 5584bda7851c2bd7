#!/usr/bin/env bash
# Run 38-k (H200): the final code (`mosaic-38f`) against the start of the run (`mosaic-38`),
# out of sample for the whole rule: every default it moves among seeds 206 (f16), 207 (bf16),
# 208 (column-major B), 209 (f16), 60 draws each, 65 to 128 rows, N, K >= 1024
# (`A=.. B=.. LO=65 HI=128 python3 docs/logs/run38-moved.py SEED N [FLAGS]`); verify at two.
#   OUT=... bash docs/logs/run38-k.sh; REF=mosaic-38 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-38 mosaic-38f" "$@"; }
av2 --m 81 --n 2224 --k 3832   # 64x64x64 mc 72 -> T128x88x64 sk4 72
av2 --m 94 --n 2856 --k 1664   # 64x64x64 mc 92 -> T64x96x64 sk2 90
av2 --m 73 --n 2248 --k 6872   # 64x64x64 mc 72 -> T128x80x64 sk4 72
av2 --m 81 --n 2824 --k 1568   # 64x64x64 mc 92 -> T64x88x64 sk2 90
av2 --m 65 --n 2008 --k 8752   # 64x192x64 sk4 mc 88 -> T128x72x64 sk4 64
av2 --m 89 --n 1224 --k 2008   # 64x64x64 sk2 80 -> T64x96x64 sk4 80
av2 --m 112 --n 3488 --k 2528   # 64x64x64 110 -> T128x112x64 sk4 112
av2 --m 89 --n 2704 --k 3664   # 64x64x64 86 -> T64x96x64 sk2 86
av2 --m 90 --n 3672 --k 2416   # 64x64x64 mc 116 -> T64x96x64 sk2 116
av2 --m 73 --n 3504 --k 3744   # 64x64x64 110 -> T64x80x64 sk2 110
av2 --m 121 --n 3048 --k 4648 --dtype bf16   # 64x64x64 mc 96 -> T128x128x64 sk4 96
av2 --m 81 --n 3016 --k 1608 --dtype bf16   # 64x64x64 mc 96 -> T64x88x64 sk2 96
av2 --m 65 --n 2000 --k 1320 --dtype bf16   # 64x64x64 64 -> T128x72x64 sk4 64
av2 --m 75 --n 1680 --k 7016 --dtype bf16   # 64x128x64 sk4 mc 112 -> T64x80x64 sk4 108
av2 --m 89 --n 3080 --k 3528 --b-layout col   # 64x64x64 mc 100 -> T64x96x64 sk2 98
av2 --m 121 --n 2088 --k 5624 --b-layout col   # 64x192x64 sk4 mc 88 -> T128x128x64 sk4 68
av2 --m 89 --n 3880 --k 3656 --b-layout col   # 64x64x64 122 -> T64x96x64 sk2 122
av2 --m 65 --n 3976 --k 3728 --b-layout col   # 64x64x64 126 -> T64x72x64 sk2 126
av2 --m 97 --n 3032 --k 1960 --b-layout col   # 64x64x64 mc 96 -> T128x104x64 sk4 96
av2 --m 105 --n 2856 --k 5112 --b-layout col   # 64x64x64 mc 92 -> T128x112x64 sk4 92
av2 --m 83 --n 3560 --k 1104 --b-layout col   # 64x64x64 112 -> T64x88x64 sk2 112
av2 --m 73 --n 1512 --k 3576 --b-layout col   # 64x128x64 sk4 mc 96 -> T64x80x64 sk4 96
av2 --m 105 --n 2656 --k 2032 --b-layout col   # 64x64x64 84 -> T128x112x64 sk4 84
av2 --m 81 --n 3272 --k 2176 --b-layout col   # 64x64x64 104 -> T64x88x64 sk2 104
av2 --m 89 --n 2656 --k 3760   # 64x64x64 84 -> T128x96x64 sk4 84
av2 --m 78 --n 1264 --k 2104   # 64x64x64 sk2 80 -> T64x80x64 sk4 80
av2 --m 113 --n 2112 --k 1944   # 64x64x64 mc 68 -> T128x120x64 sk4 68
av2 --m 82 --n 1568 --k 3456   # 64x128x64 sk4 mc 104 -> T64x88x64 sk4 100
av2 --m 65 --n 3440 --k 3384   # 64x64x64 mc 108 -> T64x72x64 sk2 108
av2 --m 89 --n 3024 --k 7536   # 64x64x64 96 -> T64x96x64 sk2 96
av2 --m 76 --n 2424 --k 1816   # 64x64x64 mc 76 -> T128x80x64 sk4 76
av2 --m 89 --n 8760 --k 4152   # 64x192x64 mc 92 -> T192x96x64 sk2 92
av2 --m 73 --n 2320 --k 1912   # 64x64x64 mc 76 -> T128x80x64 sk4 76
M="timeout 150 ./.carry-rt/mosaic-38f"
v --m 121 --n 3048 --k 4648 --dtype bf16
v --m 89 --n 3080 --k 3528 --b-layout col
