#!/usr/bin/env bash
# Run 33-b (H100): where 8-CTA clusters of 2 x 4 tiles pay at M = 128. At 24 fresh seeded
# (n, k) (`python3 docs/logs/run33-cands.py 93 24`), the default against the first plain
# two-row plan of 64-row tiles with 6 to 15 clusters of 2 x 4, with `--multicast ab2x4`,
# `ab2x2` and none; one round.
#   OUT=... bash docs/logs/run33-b.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 1880 --k 2400
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 2648 --k 7624
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 1848 --k 2728
av mosaic "-|--plan 2 --multicast ab2x4|--plan 2 --multicast ab2x2|--plan 2" --m 128 --n 1464 --k 2520
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 2992 --k 1064
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 1688 --k 1968
av mosaic "-|--plan 2 --multicast ab2x4|--plan 2 --multicast ab2x2|--plan 2" --m 128 --n 6864 --k 2752
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 3808 --k 1288
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 2528 --k 8456
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 9168 --k 1408
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 2000 --k 2208
av mosaic "-|--plan 4 --multicast ab2x4|--plan 4 --multicast ab2x2|--plan 4" --m 128 --n 4384 --k 6880
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 3416 --k 7608
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 8960 --k 3552
av mosaic "-|--plan 6 --multicast ab2x4|--plan 6 --multicast ab2x2|--plan 6" --m 128 --n 8000 --k 4480
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 8672 --k 1872
av mosaic "-|--plan 2 --multicast ab2x4|--plan 2 --multicast ab2x2|--plan 2" --m 128 --n 1688 --k 3664
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 2088 --k 1784
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 4352 --k 3496
av mosaic "-|--plan 2 --multicast ab2x4|--plan 2 --multicast ab2x2|--plan 2" --m 128 --n 1632 --k 2640
av mosaic "-|--plan 4 --multicast ab2x4|--plan 4 --multicast ab2x2|--plan 4" --m 128 --n 1288 --k 4120
av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x2|--plan 1" --m 128 --n 3224 --k 5032
av mosaic "-|--plan 2 --multicast ab2x4|--plan 2 --multicast ab2x2|--plan 2" --m 128 --n 5848 --k 1248
av mosaic "-|--plan 4 --multicast ab2x4|--plan 4 --multicast ab2x2|--plan 4" --m 128 --n 6032 --k 8752
