#!/usr/bin/env bash
# Run 33-c (H100): the decode A and B block rule (.carry-rt/mosaic-ab: 2 x 2 clusters on
# two-row 64-row grids whose A rows straddle 32-byte sectors, 107-128 rows) against run 32's
# final build (.carry-rt/mosaic-final) at every default it moved among fresh seeded decode
# shapes: 300 f16 (seed 94), 200 bf16 (seed 95), 200 f16 with a column-major B (seed 96),
# `A=.carry-rt/mosaic-final B=.carry-rt/mosaic-ab ROWS=97 [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED N`; verify and memcheck of moved kernels first.
#   OUT=... bash docs/logs/run33-c.sh; REF=mosaic-final python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-ab"; MB=./.carry-rt/mosaic-ab
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 113 --n 440 --k 1272
v --m 122 --n 304 --k 1160 --dtype bf16
v --m 121 --n 2680 --k 1080 --dtype bf16
v --m 113 --n 1304 --k 1848 --b-layout col
v --m 121 --n 2120 --k 6968 --b-layout col --c-dtype f16
v --m 126 --n 3320 --k 2024 --alpha 0.5 --beta 0.25
mc --m 113 --n 2224 --k 6360
ab "mosaic-final mosaic-ab" --m 113 --n 7008 --k 2760
ab "mosaic-final mosaic-ab" --m 123 --n 7312 --k 6744
ab "mosaic-final mosaic-ab" --m 121 --n 4392 --k 1128
ab "mosaic-final mosaic-ab" --m 113 --n 2992 --k 7800
ab "mosaic-final mosaic-ab" --m 115 --n 7056 --k 1608
ab "mosaic-final mosaic-ab" --m 126 --n 3320 --k 2024
ab "mosaic-final mosaic-ab" --m 113 --n 3168 --k 2248
ab "mosaic-final mosaic-ab" --m 113 --n 2576 --k 2104
ab "mosaic-final mosaic-ab" --m 113 --n 3152 --k 1048
ab "mosaic-final mosaic-ab" --m 113 --n 440 --k 1272
ab "mosaic-final mosaic-ab" --m 115 --n 2088 --k 1304
ab "mosaic-final mosaic-ab" --m 109 --n 5608 --k 6392
ab "mosaic-final mosaic-ab" --m 122 --n 3776 --k 1064
ab "mosaic-final mosaic-ab" --m 121 --n 3424 --k 5624
ab "mosaic-final mosaic-ab" --m 113 --n 2368 --k 1512
ab "mosaic-final mosaic-ab" --m 113 --n 1560 --k 1160
ab "mosaic-final mosaic-ab" --m 125 --n 4960 --k 1240
ab "mosaic-final mosaic-ab" --m 121 --n 7528 --k 5080
ab "mosaic-final mosaic-ab" --m 118 --n 1456 --k 2056
ab "mosaic-final mosaic-ab" --m 113 --n 5896 --k 5768
ab "mosaic-final mosaic-ab" --m 113 --n 2224 --k 6360
ab "mosaic-final mosaic-ab" --m 122 --n 304 --k 1160 --dtype bf16
ab "mosaic-final mosaic-ab" --m 120 --n 1536 --k 1368 --dtype bf16
ab "mosaic-final mosaic-ab" --m 121 --n 2680 --k 1080 --dtype bf16
ab "mosaic-final mosaic-ab" --m 113 --n 2088 --k 1256 --dtype bf16
ab "mosaic-final mosaic-ab" --m 113 --n 3056 --k 5384 --dtype bf16
ab "mosaic-final mosaic-ab" --m 123 --n 2928 --k 2168 --dtype bf16
ab "mosaic-final mosaic-ab" --m 121 --n 3272 --k 8088 --dtype bf16
ab "mosaic-final mosaic-ab" --m 113 --n 1512 --k 1048 --dtype bf16
ab "mosaic-final mosaic-ab" --m 111 --n 7368 --k 2296 --dtype bf16
ab "mosaic-final mosaic-ab" --m 122 --n 3312 --k 1576 --dtype bf16
ab "mosaic-final mosaic-ab" --m 109 --n 3744 --k 1288 --dtype bf16
ab "mosaic-final mosaic-ab" --m 121 --n 2048 --k 2936 --dtype bf16
ab "mosaic-final mosaic-ab" --m 121 --n 2768 --k 1752 --dtype bf16
ab "mosaic-final mosaic-ab" --m 122 --n 4280 --k 1768 --dtype bf16
ab "mosaic-final mosaic-ab" --m 113 --n 3256 --k 6072 --dtype bf16
ab "mosaic-final mosaic-ab" --m 121 --n 2120 --k 6968 --dtype bf16
ab "mosaic-final mosaic-ab" --m 109 --n 2408 --k 1944 --dtype bf16
ab "mosaic-final mosaic-ab" --m 113 --n 2136 --k 1880 --b-layout col
ab "mosaic-final mosaic-ab" --m 125 --n 7096 --k 2664 --b-layout col
ab "mosaic-final mosaic-ab" --m 119 --n 1952 --k 2712 --b-layout col
ab "mosaic-final mosaic-ab" --m 113 --n 1304 --k 1848 --b-layout col
ab "mosaic-final mosaic-ab" --m 113 --n 2400 --k 2040 --b-layout col
ab "mosaic-final mosaic-ab" --m 121 --n 9016 --k 2120 --b-layout col
ab "mosaic-final mosaic-ab" --m 113 --n 3536 --k 3384 --b-layout col
ab "mosaic-final mosaic-ab" --m 119 --n 2552 --k 1400 --b-layout col
ab "mosaic-final mosaic-ab" --m 121 --n 1736 --k 1176 --b-layout col
ab "mosaic-final mosaic-ab" --m 121 --n 1936 --k 2952 --b-layout col
ab "mosaic-final mosaic-ab" --m 121 --n 8736 --k 2760 --b-layout col
ab "mosaic-final mosaic-ab" --m 109 --n 2536 --k 2632 --b-layout col
ab "mosaic-final mosaic-ab" --m 123 --n 1080 --k 1192 --b-layout col
ab "mosaic-final mosaic-ab" --m 113 --n 1728 --k 1960 --b-layout col
ab "mosaic-final mosaic-ab" --m 113 --n 5448 --k 1752 --b-layout col
ab "mosaic-final mosaic-ab" --m 121 --n 2056 --k 1464 --b-layout col
ab "mosaic-final mosaic-ab" --m 108 --n 3304 --k 5192 --b-layout col
ab "mosaic-final mosaic-ab" --m 113 --n 2304 --k 8936 --b-layout col
ab "mosaic-final mosaic-ab" --m 121 --n 2688 --k 2552 --b-layout col
