#!/usr/bin/env bash
# Run 33-e (H100): the final decode block rule (.carry-rt/mosaic-ab2: 2 x 2 clusters sharing
# A and B on two-row 64-row grids whose A rows straddle 32-byte sectors, 107-128 rows, K above
# 1536) against run 32's final build (.carry-rt/mosaic-final) at every default it moved among
# fresh seeded decode shapes: 250 f16 (seed 97), 250 bf16 (seed 98), 250 f16 with a
# column-major B (seed 99), `A=.carry-rt/mosaic-final B=.carry-rt/mosaic-ab2 ROWS=97
# [EXTRA=...] python3 docs/logs/run32-decodediff.py SEED 250`, and run 32-c's 16 M = 128 shapes
# (decode shapes off the suite) with the final build alone against cuBLAS. One round.
#   OUT=... bash docs/logs/run33-e.sh; REF=mosaic-final python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
ab "mosaic-final mosaic-ab2" --m 121 --n 2240 --k 6264
ab "mosaic-final mosaic-ab2" --m 113 --n 7224 --k 2264
ab "mosaic-final mosaic-ab2" --m 113 --n 3408 --k 6904
ab "mosaic-final mosaic-ab2" --m 113 --n 4304 --k 3448
ab "mosaic-final mosaic-ab2" --m 110 --n 2296 --k 6120
ab "mosaic-final mosaic-ab2" --m 121 --n 1328 --k 1592
ab "mosaic-final mosaic-ab2" --m 113 --n 3176 --k 1848
ab "mosaic-final mosaic-ab2" --m 114 --n 3752 --k 2744
ab "mosaic-final mosaic-ab2" --m 113 --n 6768 --k 1784
ab "mosaic-final mosaic-ab2" --m 126 --n 2240 --k 4392
ab "mosaic-final mosaic-ab2" --m 123 --n 2440 --k 3288
ab "mosaic-final mosaic-ab2" --m 113 --n 4456 --k 2792
ab "mosaic-final mosaic-ab2" --m 113 --n 3456 --k 4440
ab "mosaic-final mosaic-ab2" --m 121 --n 2168 --k 2104
ab "mosaic-final mosaic-ab2" --m 113 --n 3168 --k 5720
ab "mosaic-final mosaic-ab2" --m 121 --n 976 --k 2280
ab "mosaic-final mosaic-ab2" --m 121 --n 2296 --k 2024
ab "mosaic-final mosaic-ab2" --m 121 --n 2392 --k 1592
ab "mosaic-final mosaic-ab2" --m 113 --n 2352 --k 1672
ab "mosaic-final mosaic-ab2" --m 121 --n 2176 --k 2632
ab "mosaic-final mosaic-ab2" --m 113 --n 2816 --k 5624 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 114 --n 4576 --k 8488 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 121 --n 1808 --k 2504 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 114 --n 3264 --k 2680 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 121 --n 6232 --k 3544 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 115 --n 3320 --k 1608 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 125 --n 8528 --k 5816 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 121 --n 8728 --k 7480 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 121 --n 2048 --k 2248 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 121 --n 2088 --k 1672 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 126 --n 2160 --k 3016 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 113 --n 1560 --k 2248 --dtype bf16
ab "mosaic-final mosaic-ab2" --m 113 --n 1488 --k 2328 --b-layout col
ab "mosaic-final mosaic-ab2" --m 108 --n 2944 --k 8984 --b-layout col
ab "mosaic-final mosaic-ab2" --m 126 --n 2568 --k 3720 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 1080 --k 1736 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 1728 --k 2488 --b-layout col
ab "mosaic-final mosaic-ab2" --m 124 --n 4864 --k 5256 --b-layout col
ab "mosaic-final mosaic-ab2" --m 114 --n 4584 --k 3656 --b-layout col
ab "mosaic-final mosaic-ab2" --m 120 --n 2648 --k 1800 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 3408 --k 2248 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 6280 --k 6968 --b-layout col
ab "mosaic-final mosaic-ab2" --m 113 --n 2840 --k 8056 --b-layout col
ab "mosaic-final mosaic-ab2" --m 113 --n 2272 --k 2808 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 5264 --k 3432 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 6040 --k 2904 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 2664 --k 2744 --b-layout col
ab "mosaic-final mosaic-ab2" --m 113 --n 2728 --k 1880 --b-layout col
ab "mosaic-final mosaic-ab2" --m 113 --n 2576 --k 3784 --b-layout col
ab "mosaic-final mosaic-ab2" --m 110 --n 1448 --k 2136 --b-layout col
ab "mosaic-final mosaic-ab2" --m 113 --n 6128 --k 1896 --b-layout col
ab "mosaic-final mosaic-ab2" --m 121 --n 4280 --k 1704 --b-layout col
for s in 2912x1224 2840x4608 1728x3360 8696x2024 2528x6128 1112x4232 4928x5480 1376x6856 5464x1904 1872x1392 2232x2136 2096x4056 6096x7552 8320x4344 1392x2864 5912x2024; do
  IFS=x read n kk <<< "$s"
  bx mosaic-ab2 --m 128 --n $n --k $kk
done
