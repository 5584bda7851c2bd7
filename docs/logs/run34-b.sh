#!/usr/bin/env bash
# Run 34-b (H200): two ranking changes timed against the build before them at every default
# they moved among fresh seeded decode shapes (30 paired samples each, builds rotated per
# shape, one round), then full ncu profiles at 128x2528x6128 (A and B rows of whole sectors).
# 1. `mosaic-b56`: blocks before split-K plans from 56 CTAs instead of 48; the 27 defaults it
#    moves among 3800 shapes (`A=.carry-rt/mosaic-r34 B=.carry-rt/mosaic-b56 [ROWS=97]
#    [EXTRA=...] python3 docs/logs/run32-decodediff.py SEED N`: 112 800, 113 800 ROWS=97
#    bf16, 114 800 column-major B, 115 600 ROWS=97, 116 600).
# 2. `mosaic-bs`: the decode A-and-B block also where B's rows (not A's) straddle 32-byte
#    sectors; the 31 defaults it moves among 880 shapes (B=.carry-rt/mosaic-bs: 117 240,
#    118 160 ROWS=97 bf16, 119 240 ROWS=97, 120 240).
#   OUT=... bash docs/logs/run34-b.sh; REF=mosaic-r34 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-bs"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 113 --n 2040 --k 3280 --dtype bf16
v --m 80 --n 2680 --k 8384
mc --m 113 --n 2744 --k 2896 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 80 --n 1488 --k 2952
ab "mosaic-r34 mosaic-b56" --m 80 --n 1664 --k 3464
ab "mosaic-r34 mosaic-b56" --m 96 --n 1512 --k 5816
ab "mosaic-r34 mosaic-b56" --m 80 --n 1656 --k 3928
ab "mosaic-r34 mosaic-b56" --m 80 --n 1488 --k 6056
ab "mosaic-r34 mosaic-b56" --m 80 --n 1520 --k 3224
ab "mosaic-r34 mosaic-b56" --m 80 --n 1512 --k 3816
ab "mosaic-r34 mosaic-b56" --m 117 --n 1600 --k 2536 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 97 --n 1456 --k 2648 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 121 --n 1448 --k 9064 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 97 --n 1464 --k 4248 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 113 --n 1424 --k 4904 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 97 --n 1584 --k 9336 --dtype bf16
ab "mosaic-r34 mosaic-b56" --m 80 --n 1432 --k 2632 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 80 --n 1560 --k 2328 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 80 --n 1656 --k 3528 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 112 --n 1448 --k 7512 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 112 --n 1472 --k 8024 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 112 --n 1656 --k 3512 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 80 --n 1552 --k 4472 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 96 --n 1440 --k 2792 --b-layout col
ab "mosaic-r34 mosaic-b56" --m 97 --n 1536 --k 4360
ab "mosaic-r34 mosaic-b56" --m 112 --n 1640 --k 2680
ab "mosaic-r34 mosaic-b56" --m 128 --n 1552 --k 3960
ab "mosaic-r34 mosaic-b56" --m 80 --n 1592 --k 8536
ab "mosaic-r34 mosaic-b56" --m 80 --n 1440 --k 2824
ab "mosaic-r34 mosaic-b56" --m 80 --n 1536 --k 6840
ab "mosaic-r34 mosaic-bs" --m 128 --n 3224 --k 2160
ab "mosaic-r34 mosaic-bs" --m 96 --n 1960 --k 3984
ab "mosaic-r34 mosaic-bs" --m 80 --n 3704 --k 2320
ab "mosaic-r34 mosaic-bs" --m 80 --n 2488 --k 7264
ab "mosaic-r34 mosaic-bs" --m 80 --n 2568 --k 5632
ab "mosaic-r34 mosaic-bs" --m 80 --n 2232 --k 2368
ab "mosaic-r34 mosaic-bs" --m 80 --n 1112 --k 2064
ab "mosaic-r34 mosaic-bs" --m 80 --n 2680 --k 8384
ab "mosaic-r34 mosaic-bs" --m 80 --n 3096 --k 6912
ab "mosaic-r34 mosaic-bs" --m 80 --n 1960 --k 3920
ab "mosaic-r34 mosaic-bs" --m 80 --n 2792 --k 4976
ab "mosaic-r34 mosaic-bs" --m 113 --n 3320 --k 7296 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 118 --n 3064 --k 2720 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 113 --n 2040 --k 3280 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 113 --n 2744 --k 2896 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 105 --n 9112 --k 6400 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 105 --n 1880 --k 7888
ab "mosaic-r34 mosaic-bs" --m 113 --n 2600 --k 7728
ab "mosaic-r34 mosaic-bs" --m 107 --n 2504 --k 1600
ab "mosaic-r34 mosaic-bs" --m 98 --n 2056 --k 2128
ab "mosaic-r34 mosaic-bs" --m 106 --n 3032 --k 2368
ab "mosaic-r34 mosaic-bs" --m 97 --n 1928 --k 8992
ab "mosaic-r34 mosaic-bs" --m 80 --n 2520 --k 7584
ab "mosaic-r34 mosaic-bs" --m 80 --n 2536 --k 7632
ab "mosaic-r34 mosaic-bs" --m 80 --n 2776 --k 8048
ab "mosaic-r34 mosaic-bs" --m 80 --n 2408 --k 4576
ab "mosaic-r34 mosaic-bs" --m 96 --n 2376 --k 1856
ab "mosaic-r34 mosaic-bs" --m 96 --n 1448 --k 4352
ab "mosaic-r34 mosaic-bs" --m 112 --n 1704 --k 6128
ab "mosaic-r34 mosaic-bs" --m 80 --n 2296 --k 6496
ab "mosaic-r34 mosaic-bs" --m 80 --n 1416 --k 7648
nf mosaic-r34 cublas-2528 'nvjet|sm90_' --m 128 --n 2528 --k 6128
nf mosaic-r34 dflt-2528 mosaic_gemm --m 128 --n 2528 --k 6128
