#!/usr/bin/env bash
# Run 38-e (H200): the rule `decode::transposed_split_k_first` (`mosaic-tsk`) against HEAD's
# build (`mosaic-38`), out of sample: every default it moves among seeds 187 (65 to 96 rows,
# f16), 188 (bf16), 189 (column-major B), 60 draws each with N, K >= 1024 (`/tmp/moved.py`,
# kept as run38-moved.py). One paired bench of each build per shape, order alternating; then
# verify and memcheck at moved kernels.
#   OUT=... bash docs/logs/run38-e.sh; REF=mosaic-38 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-38 mosaic-tsk" "$@"; }
av2 --m 73 --n 2080 --k 2072   # 64x64x64 mc 68 -> T128x80x64 sk4 68
av2 --m 65 --n 2736 --k 7224   # 64x64x64 mc 88 -> T128x72x64 sk4 88
av2 --m 89 --n 2184 --k 5360   # 64x64x64 mc 72 -> T128x96x64 sk4 72
av2 --m 91 --n 3344 --k 1648   # 64x64x64 106 -> T64x96x64 sk2 106
av2 --m 89 --n 3936 --k 1688   # 64x64x64 mc 124 -> T64x96x64 sk2 124
av2 --m 92 --n 2496 --k 2440   # 64x64x64 mc 80 -> T128x96x64 sk4 80
av2 --m 65 --n 4168 --k 2800   # 64x64x64 mc 132 -> T64x72x64 sk2 132
av2 --m 73 --n 1448 --k 4648   # 64x128x64 sk4 mc 96 -> T64x80x64 sk4 92
av2 --m 73 --n 3488 --k 2792   # 64x64x64 mc 112 -> T64x80x64 sk2 110
av2 --m 81 --n 2344 --k 3904   # 64x64x64 mc 76 -> T128x88x64 sk4 76
av2 --m 73 --n 1072 --k 7328   # 64x128x64 sk4 72 -> T64x80x64 sk4 68
av2 --m 81 --n 1152 --k 4296   # 64x96x64 sk4 96 -> T64x88x64 sk4 72
av2 --m 65 --n 2840 --k 1288   # 64x64x64 90 -> T64x72x64 sk2 90
av2 --m 71 --n 1776 --k 2040   # 64x64x64 sk2 mc 112 -> T64x72x64 sk4 112
av2 --m 96 --n 4184 --k 3912 --dtype bf16   # 64x64x64 mc 132 -> T64x96x64 sk2 132
av2 --m 81 --n 8376 --k 1784 --dtype bf16   # 64x192x64 mc 88 -> T128x88x64 sk2 132
av2 --m 89 --n 1232 --k 1640 --dtype bf16   # 64x64x64 sk2 80 -> T64x96x64 sk4 80
av2 --m 81 --n 4104 --k 4984 --dtype bf16   # 64x64x64 mc 130 -> T64x88x64 sk2 130
av2 --m 92 --n 1256 --k 8264 --dtype bf16   # 64x128x64 sk4 80 -> T64x96x64 sk4 80
av2 --m 65 --n 3904 --k 1256 --dtype bf16   # 64x64x64 122 -> T64x72x64 sk2 122
av2 --m 89 --n 1512 --k 1592 --dtype bf16   # 64x64x64 sk2 mc 96 -> T64x96x64 sk4 96
av2 --m 73 --n 4184 --k 2176 --dtype bf16   # 64x64x64 mc 132 -> T64x80x64 sk2 132
av2 --m 87 --n 1904 --k 4832 --dtype bf16   # 64x192x64 sk4 mc 80 -> T64x88x64 sk4 120
av2 --m 89 --n 2304 --k 1528 --dtype bf16   # 64x64x64 72 -> T64x96x64 sk2 72
av2 --m 96 --n 1216 --k 5928 --dtype bf16   # 64x128x64 sk4 80 -> T64x96x64 sk4 76
av2 --m 69 --n 1872 --k 2664 --dtype bf16   # 64x192x64 sk4 mc 80 -> T64x72x64 sk4 120
av2 --m 89 --n 3848 --k 8672 --dtype bf16   # 64x64x64 mc 122 -> T64x96x64 sk2 122
av2 --m 65 --n 2152 --k 7832 --dtype bf16   # 64x192x64 sk4 mc 96 -> T128x72x64 sk4 68
av2 --m 81 --n 2424 --k 1720 --dtype bf16   # 64x64x64 mc 76 -> T64x88x64 sk2 76
av2 --m 93 --n 1856 --k 3608 --b-layout col   # 64x192x64 sk4 mc 80 -> T64x96x64 sk4 116
av2 --m 89 --n 4128 --k 2472 --b-layout col   # 64x64x64 130 -> T64x96x64 sk2 130
av2 --m 81 --n 2112 --k 4288 --b-layout col   # 64x192x64 sk4 mc 88 -> T128x88x64 sk4 68
av2 --m 93 --n 8424 --k 3376 --b-layout col   # 64x64x64 mc 264 -> T128x96x64 sk2 132
av2 --m 89 --n 3824 --k 3720 --b-layout col   # 64x64x64 mc 120 -> T64x96x64 sk2 120
av2 --m 77 --n 2440 --k 6344 --b-layout col   # 64x64x64 mc 80 -> T128x80x64 sk4 80
av2 --m 73 --n 1824 --k 1552 --b-layout col   # 64x64x64 sk2 116 -> T64x80x64 sk4 116
av2 --m 73 --n 3280 --k 5760 --b-layout col   # 64x64x64 104 -> T64x80x64 sk2 104
av2 --m 73 --n 1720 --k 1096 --b-layout col   # 64x64x64 54 -> T64x80x64 sk4 108
av2 --m 90 --n 1448 --k 1448 --b-layout col   # 64x64x64 sk2 92 -> T64x96x64 sk4 92
av2 --m 73 --n 1504 --k 4360 --b-layout col   # 64x128x64 sk4 mc 96 -> T64x80x64 sk4 96
av2 --m 89 --n 1536 --k 5176 --b-layout col   # 64x128x64 sk4 mc 96 -> T64x96x64 sk4 96
av2 --m 65 --n 2912 --k 1224 --b-layout col   # 64x64x64 92 -> T64x72x64 sk2 92
av2 --m 65 --n 1560 --k 6008 --b-layout col   # 64x128x64 sk4 mc 104 -> T64x72x64 sk4 100
av2 --m 77 --n 2560 --k 7768 --b-layout col   # 64x64x64 mc 80 -> T128x80x64 sk4 80
av2 --m 73 --n 3960 --k 1912 --b-layout col   # 64x64x64 124 -> T64x80x64 sk2 124
av2 --m 89 --n 2912 --k 6744 --b-layout col   # 64x64x64 mc 92 -> T128x96x64 sk4 92
av2 --m 89 --n 2520 --k 2168 --b-layout col   # 64x64x64 mc 80 -> T64x96x64 sk2 80
av2 --m 89 --n 3912 --k 4416 --b-layout col   # 64x64x64 124 -> T64x96x64 sk2 124
M="timeout 150 ./.carry-rt/mosaic-tsk"
v --m 73 --n 2080 --k 2072
v --m 89 --n 3936 --k 1688 --dtype bf16
v --m 65 --n 4168 --k 2800 --b-layout col
v --m 81 --n 1152 --k 4296 --alpha 1.5 --beta -0.5
v --m 71 --n 1776 --k 2040 --dtype bf16 --c-dtype bf16
mc --m 89 --n 2184 --k 5360
mc --m 91 --n 3344 --k 1648 --b-layout col
