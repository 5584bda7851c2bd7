#!/usr/bin/env bash
# Run 34-g (H200): does the decode block pay above 128 rows? At the 17 seeded shapes of
# `MOSAIC=.carry-rt/mosaic-r34b python3 docs/logs/run34-lone.py 125 20` whose default is a
# plain lone grid (A or B rows straddling 32-byte sectors, K above 1536, 2 x 2 blocks within
# 120 CTAs; three transposed defaults dropped), the default against `--multicast ab`
# (A and B over 2 x 2 blocks; where the default shares B over 2 or 4 tile rows, that is
# replaced). 30 paired samples, one round.
#   OUT=... bash docs/logs/run34-g.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-r34b"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 1448 --n 1104 --k 1816 --multicast ab
v --m 281 --n 848 --k 2136 --multicast ab
av mosaic-r34b "-|--multicast ab" --m 1168 --n 728 --k 2176
av mosaic-r34b "-|--multicast ab" --m 3504 --n 408 --k 7024
av mosaic-r34b "-|--multicast ab" --m 1448 --n 1104 --k 1816
av mosaic-r34b "-|--multicast ab" --m 712 --n 1688 --k 1992
av mosaic-r34b "-|--multicast ab" --m 808 --n 736 --k 2792
av mosaic-r34b "-|--multicast ab" --m 281 --n 848 --k 2136
av mosaic-r34b "-|--multicast ab" --m 485 --n 6616 --k 5168
av mosaic-r34b "-|--multicast ab" --m 792 --n 328 --k 3120
av mosaic-r34b "-|--multicast ab" --m 1736 --n 440 --k 8280
av mosaic-r34b "-|--multicast ab" --m 2200 --n 768 --k 4728
av mosaic-r34b "-|--multicast ab" --m 377 --n 856 --k 1928
av mosaic-r34b "-|--multicast ab" --m 272 --n 1112 --k 2744
av mosaic-r34b "-|--multicast ab" --m 584 --n 2184 --k 7448
av mosaic-r34b "-|--multicast ab" --m 1280 --n 456 --k 1832
av mosaic-r34b "-|--multicast ab" --m 2267 --n 368 --k 4952
av mosaic-r34b "-|--multicast ab" --m 584 --n 1280 --k 3192
av mosaic-r34b "-|--multicast ab" --m 1072 --n 1232 --k 1688
