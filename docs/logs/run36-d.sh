#!/usr/bin/env bash
# Run 36-d (H200): the 96-column decode rule (`mosaic-96`: `decode::ragged_96`, 64x96 tiles
# at any N for 65 to 128 rows of 16-bit inputs, kept where they split K in one wave or share
# A and B in 2 x 2 blocks, which now take 96-column tiles) against run 35's final build
# (`mosaic-sk`), out of sample: every default it moved among fresh seeded decode shapes,
# `A=.carry-rt/mosaic-sk B=.carry-rt/mosaic-96 [ROWS=97] [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED N`: 153 (80 to 128 rows, f16, 300: 22), 154 (97 to 128
# rows, bf16, 200: 11), 155 (97 to 128 rows, f16 with a column-major B, 200: 15). Verify and
# memcheck of moved kernels first; 30 paired samples of both builds per shape, order rotated.
#   OUT=... bash docs/logs/run36-d.sh; REF=mosaic-sk python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-96"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 96 --n 1160 --k 4648
v --m 80 --n 1008 --k 1136
v --m 128 --n 4720 --k 2616
v --m 96 --n 5080 --k 2536
v --m 98 --n 5760 --k 8584
v --m 105 --n 1320 --k 8368 --dtype bf16
v --m 126 --n 4392 --k 2760 --dtype bf16
v --m 121 --n 4232 --k 5576 --b-layout col
v --m 97 --n 1232 --k 2992 --b-layout col
v --m 96 --n 5080 --k 2536 --c-dtype f16
v --m 128 --n 4720 --k 2616 --alpha 2 --beta -1
mc --m 96 --n 5080 --k 2536
mc --m 97 --n 1232 --k 2992 --b-layout col
for d in f16 bf16; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
ab "mosaic-sk mosaic-96" --m 96 --n 1160 --k 4648
ab "mosaic-sk mosaic-96" --m 80 --n 1040 --k 3056
ab "mosaic-sk mosaic-96" --m 80 --n 1384 --k 7560
ab "mosaic-sk mosaic-96" --m 80 --n 1032 --k 6384
ab "mosaic-sk mosaic-96" --m 80 --n 1000 --k 4352
ab "mosaic-sk mosaic-96" --m 80 --n 1208 --k 7408
ab "mosaic-sk mosaic-96" --m 80 --n 1232 --k 8080
ab "mosaic-sk mosaic-96" --m 80 --n 1032 --k 7616
ab "mosaic-sk mosaic-96" --m 80 --n 1008 --k 1136
ab "mosaic-sk mosaic-96" --m 80 --n 1040 --k 5848
ab "mosaic-sk mosaic-96" --m 128 --n 4720 --k 2616
ab "mosaic-sk mosaic-96" --m 96 --n 5080 --k 2536
ab "mosaic-sk mosaic-96" --m 80 --n 1208 --k 4928
ab "mosaic-sk mosaic-96" --m 80 --n 1184 --k 2288
ab "mosaic-sk mosaic-96" --m 80 --n 1144 --k 2008
ab "mosaic-sk mosaic-96" --m 80 --n 1104 --k 2504
ab "mosaic-sk mosaic-96" --m 80 --n 1128 --k 7560
ab "mosaic-sk mosaic-96" --m 96 --n 1392 --k 5608
ab "mosaic-sk mosaic-96" --m 80 --n 1024 --k 6640
ab "mosaic-sk mosaic-96" --m 80 --n 1088 --k 8312
ab "mosaic-sk mosaic-96" --m 80 --n 1008 --k 4176
ab "mosaic-sk mosaic-96" --m 80 --n 1000 --k 2160
ab "mosaic-sk mosaic-96" --m 98 --n 5760 --k 8584 --dtype bf16
ab "mosaic-sk mosaic-96" --m 105 --n 1320 --k 8368 --dtype bf16
ab "mosaic-sk mosaic-96" --m 121 --n 1200 --k 1424 --dtype bf16
ab "mosaic-sk mosaic-96" --m 105 --n 1360 --k 2656 --dtype bf16
ab "mosaic-sk mosaic-96" --m 97 --n 1360 --k 3448 --dtype bf16
ab "mosaic-sk mosaic-96" --m 126 --n 4392 --k 2760 --dtype bf16
ab "mosaic-sk mosaic-96" --m 113 --n 5160 --k 2224 --dtype bf16
ab "mosaic-sk mosaic-96" --m 99 --n 5328 --k 4680 --dtype bf16
ab "mosaic-sk mosaic-96" --m 121 --n 1280 --k 3808 --dtype bf16
ab "mosaic-sk mosaic-96" --m 122 --n 1088 --k 5536 --dtype bf16
ab "mosaic-sk mosaic-96" --m 97 --n 1232 --k 2992 --dtype bf16
ab "mosaic-sk mosaic-96" --m 105 --n 1008 --k 1336 --b-layout col
ab "mosaic-sk mosaic-96" --m 125 --n 1256 --k 7088 --b-layout col
ab "mosaic-sk mosaic-96" --m 100 --n 5072 --k 5176 --b-layout col
ab "mosaic-sk mosaic-96" --m 97 --n 1032 --k 2016 --b-layout col
ab "mosaic-sk mosaic-96" --m 105 --n 1360 --k 3480 --b-layout col
ab "mosaic-sk mosaic-96" --m 121 --n 992 --k 5216 --b-layout col
ab "mosaic-sk mosaic-96" --m 121 --n 4232 --k 5576 --b-layout col
ab "mosaic-sk mosaic-96" --m 97 --n 4488 --k 9032 --b-layout col
ab "mosaic-sk mosaic-96" --m 103 --n 1240 --k 7536 --b-layout col
ab "mosaic-sk mosaic-96" --m 97 --n 4888 --k 2840 --b-layout col
ab "mosaic-sk mosaic-96" --m 97 --n 1176 --k 2976 --b-layout col
ab "mosaic-sk mosaic-96" --m 106 --n 5048 --k 7912 --b-layout col
ab "mosaic-sk mosaic-96" --m 105 --n 1088 --k 3656 --b-layout col
ab "mosaic-sk mosaic-96" --m 105 --n 5168 --k 2568 --b-layout col
ab "mosaic-sk mosaic-96" --m 97 --n 4336 --k 1800 --b-layout col
