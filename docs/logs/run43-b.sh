#!/usr/bin/env bash
# Run 43-b, written by run43-b-gen.py (see there).  OUT=... bash docs/logs/run43-b.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8|--k-pair on" --m 520 --n 920 --k 1064
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8|--k-pair on" --m 488 --n 3784 --k 5688
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8|--plan 2 --k-pair on" --m 1696 --n 2456 --k 3144
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 1168 --n 2099 --k 1848
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 600 --n 1056 --k 631
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 368 --n 2803 --k 848
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8|--plan 6 --k-pair on" --m 448 --n 344 --k 1592
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 313 --n 1647 --k 5525
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 1010 --n 2208 --k 3122
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8|--k-pair on" --m 658 --n 1488 --k 3128
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8|--plan 7 --k-pair on" --m 440 --n 5272 --k 1360
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 1008 --n 5634 --k 920
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 352 --n 584 --k 6541
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 640 --n 280 --k 7984
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 960 --n 304 --k 519
av mosaic-42c "-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8" --m 1120 --n 442 --k 2304
av mosaic-42c "--plan 5|--plan 6|--plan 7|--plan 8" --m 944 --n 2104 --k 3120
av mosaic-42c "--plan 5|--plan 6|--plan 7|--plan 8|--k-pair on" --m 656 --n 1592 --k 5584
av mosaic-42c "--plan 5|--plan 6|--plan 7|--plan 8|--plan 3 --k-pair on" --m 848 --n 1544 --k 3520
av mosaic-42c "--plan 5|--plan 6|--plan 7|--plan 8|--plan 3 --k-pair on" --m 1544 --n 6048 --k 7976
av mosaic-42c "--plan 5|--plan 6|--plan 7|--plan 8|--plan 3 --k-pair on" --m 2499 --n 8592 --k 296
av mosaic-42c "--plan 5|--plan 6|--plan 7|--plan 8" --m 6704 --n 488 --k 9000
