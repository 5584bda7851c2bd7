#!/usr/bin/env bash
# Run 34-i (H200): where else A-and-B blocks might pay above 128 rows. Plain lone grids of
# at least 2 x 2 tiles (as run 34-g's) whose rows are all whole 32-byte sectors, K above 1536
# (`MOSAIC=.carry-rt/mosaic-r34b WHOLE=1 python3 docs/logs/run34-lone.py 129 14`), and with
# straddling rows but K of 512 to 1536 (`SHORT_K=1 ... 130 12`): the default against
# `--multicast ab`, 30 paired samples, one round (transposed defaults, which take no block,
# dropped).
#   OUT=... bash docs/logs/run34-i.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-r34b "-|--multicast ab" --m 3640 --n 432 --k 4992
av mosaic-r34b "-|--multicast ab" --m 656 --n 1264 --k 6880
av mosaic-r34b "-|--multicast ab" --m 5528 --n 256 --k 1664
av mosaic-r34b "-|--multicast ab" --m 512 --n 1648 --k 7312
av mosaic-r34b "-|--multicast ab" --m 981 --n 656 --k 2352
av mosaic-r34b "-|--multicast ab" --m 3320 --n 256 --k 2432
av mosaic-r34b "-|--multicast ab" --m 888 --n 512 --k 2976
av mosaic-r34b "-|--multicast ab" --m 1408 --n 528 --k 2320
av mosaic-r34b "-|--multicast ab" --m 2168 --n 720 --k 8752
av mosaic-r34b "-|--multicast ab" --m 1144 --n 1072 --k 7680
av mosaic-r34b "-|--multicast ab" --m 760 --n 1200 --k 2448
av mosaic-r34b "-|--multicast ab" --m 584 --n 424 --k 752
av mosaic-r34b "-|--multicast ab" --m 296 --n 448 --k 1352
av mosaic-r34b "-|--multicast ab" --m 356 --n 1832 --k 664
av mosaic-r34b "-|--multicast ab" --m 752 --n 584 --k 512
av mosaic-r34b "-|--multicast ab" --m 1312 --n 1272 --k 1072
av mosaic-r34b "-|--multicast ab" --m 360 --n 776 --k 1016
av mosaic-r34b "-|--multicast ab" --m 1240 --n 264 --k 624
av mosaic-r34b "-|--multicast ab" --m 7384 --n 264 --k 952
av mosaic-r34b "-|--multicast ab" --m 1208 --n 2128 --k 680
av mosaic-r34b "-|--multicast ab" --m 328 --n 288 --k 1000
av mosaic-r34b "-|--multicast ab" --m 617 --n 424 --k 976
