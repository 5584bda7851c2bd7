#!/usr/bin/env bash
# Run 33-h (H100): decode grids the block rule leaves split-K. At seeded decode shapes whose
# A rows straddle sectors with K > 1536 and a split-K default (`python3
# docs/logs/run33-splitk.py 106 600; ... 107 400 --b-layout col`), the default against the
# first plain two-row grid of 64-row tiles (40 to 120 CTAs) with `--multicast ab`. One round.
#   OUT=... bash docs/logs/run33-h.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-r33 "-|--plan 2 --multicast ab" --m 80 --n 1464 --k 2408
av mosaic-r33 "-|--plan 3 --multicast ab" --m 80 --n 1264 --k 2872
av mosaic-r33 "-|--plan 4 --multicast ab" --m 80 --n 1208 --k 3320
av mosaic-r33 "-|--plan 7 --multicast ab" --m 80 --n 1768 --k 5592
av mosaic-r33 "-|--plan 2 --multicast ab" --m 96 --n 1176 --k 2824
av mosaic-r33 "-|--plan 12 --multicast ab" --m 80 --n 1208 --k 6520
av mosaic-r33 "-|--plan 10 --multicast ab" --m 80 --n 1160 --k 5720
av mosaic-r33 "-|--plan 8 --multicast ab" --m 128 --n 1672 --k 6536
av mosaic-r33 "-|--plan 10 --multicast ab" --m 80 --n 1312 --k 5272
av mosaic-r33 "-|--plan 2 --multicast ab" --m 80 --n 1944 --k 4200
av mosaic-r33 "-|--plan 13 --multicast ab" --m 80 --n 1608 --k 8872
av mosaic-r33 "-|--plan 2 --multicast ab" --m 96 --n 1296 --k 3144
av mosaic-r33 "-|--plan 11 --multicast ab" --m 80 --n 1352 --k 6232
av mosaic-r33 "-|--plan 4 --multicast ab" --m 112 --n 1336 --k 3832
av mosaic-r33 "-|--plan 3 --multicast ab" --m 80 --n 1592 --k 3752
av mosaic-r33 "-|--plan 3 --multicast ab" --m 80 --n 1704 --k 4104
av mosaic-r33 "-|--plan 11 --multicast ab" --m 80 --n 1560 --k 6520
av mosaic-r33 "-|--plan 11 --multicast ab" --m 80 --n 1664 --k 7464
av mosaic-r33 "-|--plan 8 --multicast ab" --m 112 --n 1272 --k 6184
av mosaic-r33 "-|--plan 10 --multicast ab" --m 128 --n 1472 --k 7560
av mosaic-r33 "-|--plan 3 --multicast ab" --m 80 --n 1416 --k 2936
av mosaic-r33 "-|--plan 2 --multicast ab" --m 128 --n 1448 --k 2376 --b-layout col
av mosaic-r33 "-|--plan 7 --multicast ab" --m 80 --n 1504 --k 4184 --b-layout col
av mosaic-r33 "-|--plan 5 --multicast ab" --m 80 --n 1312 --k 3848 --b-layout col
av mosaic-r33 "-|--plan 12 --multicast ab" --m 80 --n 1232 --k 6904 --b-layout col
av mosaic-r33 "-|--plan 15 --multicast ab" --m 80 --n 1368 --k 8456 --b-layout col
av mosaic-r33 "-|--plan 4 --multicast ab" --m 80 --n 1320 --k 3240 --b-layout col
av mosaic-r33 "-|--plan 11 --multicast ab" --m 96 --n 1528 --k 7208 --b-layout col
av mosaic-r33 "-|--plan 2 --multicast ab" --m 80 --n 1296 --k 2648 --b-layout col
av mosaic-r33 "-|--plan 2 --multicast ab" --m 80 --n 1552 --k 2264 --b-layout col
av mosaic-r33 "-|--plan 16 --multicast ab" --m 112 --n 1248 --k 7816 --b-layout col
av mosaic-r33 "-|--plan 7 --multicast ab" --m 80 --n 1456 --k 4136 --b-layout col
