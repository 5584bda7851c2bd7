#!/usr/bin/env bash
# Run 39-b (H200): (1) `decode::lone_row_split_k4_first` (`mosaic-l16`) against the final
# run-38 code (`mosaic-38f`) at every default it moves below 16 rows (M = 1 to 15; 39-a
# timed M = 16 only) among seeds 217 (f16, 120 draws), 218 (bf16), 219 (column-major B),
# N, K >= 1024; (2) the decode criterion as it stands: `mosaic-l16`'s defaults against
# cuBLAS at 25 fresh shapes each of M = 16 (seed 220) and M = 128 (seed 221), N, K >= 1024,
# f16. Verify at two moved kernels of under 16 rows.
#   OUT=... bash docs/logs/run39-b.sh; REF=mosaic-38f python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-38f mosaic-l16" "$@"; }
av2 --m 14 --n 3840 --k 5440   # T64x16 60 -> T128x16 sk4 120
av2 --m 4 --n 4240 --k 4120   # T64x8 67 -> T192x8 sk4 92
av2 --m 13 --n 3960 --k 3016   # T64x16 62 -> T192x16 sk4 84
av2 --m 12 --n 4584 --k 7888   # T64x16 72 -> T192x16 sk4 96
av2 --m 1 --n 4024 --k 5696   # T64x8 63 -> T192x8 sk4 84
av2 --m 14 --n 4608 --k 1280 --dtype bf16   # T64x16 72 -> T192x16 sk4 96
av2 --m 12 --n 4584 --k 2320 --dtype bf16   # T64x16 72 -> T192x16 sk4 96
av2 --m 12 --n 4384 --k 2088 --dtype bf16   # T64x16 69 -> T192x16 sk4 92
av2 --m 1 --n 4152 --k 3656 --dtype bf16   # T64x8 65 -> T192x8 sk4 88
av2 --m 2 --n 4512 --k 2888 --dtype bf16   # T64x8 71 -> T192x8 sk4 96
av2 --m 4 --n 3424 --k 1912 --dtype bf16   # T64x8 54 -> T128x8 sk4 108
av2 --m 10 --n 4376 --k 6824 --dtype bf16   # T64x16 69 -> T192x16 sk4 92
av2 --m 1 --n 3800 --k 3488 --b-layout col   # T64x8 60 -> T128x8 sk4 120
av2 --m 15 --n 3928 --k 4464 --b-layout col   # T64x16 62 -> T192x16 sk4 84
av2 --m 4 --n 3728 --k 4224 --b-layout col   # T64x8 59 -> T128x8 sk4 120
bx mosaic-l16 --m 16 --n 1024 --k 2104
bx mosaic-l16 --m 16 --n 1496 --k 2528
bx mosaic-l16 --m 16 --n 1648 --k 1672
bx mosaic-l16 --m 16 --n 1600 --k 1488
bx mosaic-l16 --m 16 --n 3272 --k 5424
bx mosaic-l16 --m 16 --n 2656 --k 1896
bx mosaic-l16 --m 16 --n 7248 --k 1800
bx mosaic-l16 --m 16 --n 1304 --k 1480
bx mosaic-l16 --m 16 --n 7960 --k 1296
bx mosaic-l16 --m 16 --n 4896 --k 2488
bx mosaic-l16 --m 16 --n 7288 --k 6792
bx mosaic-l16 --m 16 --n 3256 --k 2320
bx mosaic-l16 --m 16 --n 2280 --k 2160
bx mosaic-l16 --m 16 --n 2416 --k 1024
bx mosaic-l16 --m 16 --n 4160 --k 3864
bx mosaic-l16 --m 16 --n 2472 --k 1704
bx mosaic-l16 --m 16 --n 4544 --k 2272
bx mosaic-l16 --m 16 --n 2568 --k 3504
bx mosaic-l16 --m 16 --n 1744 --k 1120
bx mosaic-l16 --m 16 --n 4352 --k 6624
bx mosaic-l16 --m 16 --n 2520 --k 2376
bx mosaic-l16 --m 16 --n 4256 --k 2576
bx mosaic-l16 --m 16 --n 1512 --k 3040
bx mosaic-l16 --m 16 --n 4600 --k 4096
bx mosaic-l16 --m 16 --n 6408 --k 8912
bx mosaic-l16 --m 128 --n 4944 --k 4000
bx mosaic-l16 --m 128 --n 2736 --k 9032
bx mosaic-l16 --m 128 --n 6344 --k 2192
bx mosaic-l16 --m 128 --n 4952 --k 1600
bx mosaic-l16 --m 128 --n 8200 --k 2528
bx mosaic-l16 --m 128 --n 3288 --k 4896
bx mosaic-l16 --m 128 --n 3976 --k 1184
bx mosaic-l16 --m 128 --n 2432 --k 2392
bx mosaic-l16 --m 128 --n 8176 --k 2680
bx mosaic-l16 --m 128 --n 6344 --k 3168
bx mosaic-l16 --m 128 --n 8520 --k 1576
bx mosaic-l16 --m 128 --n 3336 --k 5072
bx mosaic-l16 --m 128 --n 1392 --k 5096
bx mosaic-l16 --m 128 --n 2496 --k 2040
bx mosaic-l16 --m 128 --n 2040 --k 6040
bx mosaic-l16 --m 128 --n 3104 --k 4560
bx mosaic-l16 --m 128 --n 2960 --k 1648
bx mosaic-l16 --m 128 --n 3752 --k 1104
bx mosaic-l16 --m 128 --n 6464 --k 2920
bx mosaic-l16 --m 128 --n 5128 --k 2416
bx mosaic-l16 --m 128 --n 5680 --k 3328
bx mosaic-l16 --m 128 --n 3000 --k 2224
bx mosaic-l16 --m 128 --n 8496 --k 7744
bx mosaic-l16 --m 128 --n 3776 --k 1352
bx mosaic-l16 --m 128 --n 3000 --k 2760
M="timeout 150 ./.carry-rt/mosaic-l16"
v --m 1 --n 4024 --k 5696
v --m 12 --n 4584 --k 2320 --dtype bf16
