#!/usr/bin/env bash
# Run 33-j (H200): blocks before split-K plans (.carry-rt/mosaic-r33b: where the model puts a
# split-K plan first and a decode block grid of 48 CTAs or more is ranked, the block grid
# goes first) against .carry-rt/mosaic-r33 at run 33-i's 33 moved defaults, on an H200. One
# round.
#   OUT=... bash docs/logs/run33-j.sh; REF=mosaic-r33 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1496 --k 8456
ab "mosaic-r33 mosaic-r33b" --m 80 --n 2112 --k 5768
ab "mosaic-r33 mosaic-r33b" --m 128 --n 1576 --k 3080
ab "mosaic-r33 mosaic-r33b" --m 112 --n 1456 --k 3992
ab "mosaic-r33 mosaic-r33b" --m 112 --n 1776 --k 5880
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1584 --k 9112
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1832 --k 6808
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1440 --k 4488
ab "mosaic-r33 mosaic-r33b" --m 113 --n 2112 --k 7352 --dtype bf16
ab "mosaic-r33 mosaic-r33b" --m 113 --n 1472 --k 4408 --dtype bf16
ab "mosaic-r33 mosaic-r33b" --m 120 --n 1632 --k 4312 --dtype bf16
ab "mosaic-r33 mosaic-r33b" --m 105 --n 1704 --k 2984 --dtype bf16
ab "mosaic-r33 mosaic-r33b" --m 113 --n 1632 --k 5400 --dtype bf16
ab "mosaic-r33 mosaic-r33b" --m 122 --n 1696 --k 2968 --dtype bf16
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1568 --k 5848 --b-layout col
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1704 --k 3656 --b-layout col
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1416 --k 4440 --b-layout col
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1608 --k 4744 --b-layout col
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1416 --k 2360 --b-layout col
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1512 --k 2360
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1928 --k 6056
ab "mosaic-r33 mosaic-r33b" --m 80 --n 2024 --k 6296
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1688 --k 8360
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1832 --k 6648
ab "mosaic-r33 mosaic-r33b" --m 96 --n 1792 --k 3608
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1888 --k 5672
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1480 --k 3048
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1712 --k 2616
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1520 --k 6136
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1864 --k 4376
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1744 --k 7240
ab "mosaic-r33 mosaic-r33b" --m 80 --n 1648 --k 2776
ab "mosaic-r33 mosaic-r33b" --m 128 --n 1432 --k 6808
