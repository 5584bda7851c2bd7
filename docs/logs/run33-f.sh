#!/usr/bin/env bash
# Run 33-f (H100): the decode A and B block below 107 rows. A build that takes the block
# from 65 rows (.carry-rt/mosaic-ab65) against the final rule (.carry-rt/mosaic-ab2, from 107)
# at every default it moves among fresh seeded decode shapes: 400 of 97-128 rows (seed 100,
# ROWS=97), 300 of 80/96/112/128 rows (seed 101), 300 such with a column-major B (seed 102):
# `A=.carry-rt/mosaic-ab2 B=.carry-rt/mosaic-ab65 [ROWS=97] [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED N`. One round.
#   OUT=... bash docs/logs/run33-f.sh; REF=mosaic-ab2 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-ab65"
v --m 80 --n 1832 --k 2008
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 3608 --k 9240
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 8984 --k 5432
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 1584 --k 1976
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 3712 --k 2664
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 3416 --k 2440
ab "mosaic-ab2 mosaic-ab65" --m 105 --n 2304 --k 7096
ab "mosaic-ab2 mosaic-ab65" --m 105 --n 2376 --k 1544
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 2640 --k 3032
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 2944 --k 9128
ab "mosaic-ab2 mosaic-ab65" --m 97 --n 3336 --k 7864
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3040 --k 6440
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3696 --k 1832
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2064 --k 4280
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1832 --k 2008
ab "mosaic-ab2 mosaic-ab65" --m 96 --n 3064 --k 8504
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2600 --k 3512
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1248 --k 1896
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2248 --k 3688
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2992 --k 1976
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2080 --k 1752
ab "mosaic-ab2 mosaic-ab65" --m 96 --n 2104 --k 3224
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1880 --k 1976
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2288 --k 2728
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2384 --k 6088 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3048 --k 3784 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1424 --k 2184 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3616 --k 1816 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1224 --k 1608 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2480 --k 3096 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3152 --k 5496 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2712 --k 2056 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2320 --k 2344 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3520 --k 1624 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3624 --k 3336 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2640 --k 5800 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1208 --k 2168 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3272 --k 3448 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 9000 --k 8712 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 3384 --k 8136 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2448 --k 6584 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 2064 --k 2056 --b-layout col
ab "mosaic-ab2 mosaic-ab65" --m 80 --n 1776 --k 2488 --b-layout col
