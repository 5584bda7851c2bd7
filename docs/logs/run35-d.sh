#!/usr/bin/env bash
# Run 35-d (H200), the reduce-scatter build `mosaic-rs2` (35-c's `mosaic-rs` with the planner
# reserving the receive buffer beside the ring): (1) 30 paired samples of the best split-K
# and the best unsplit plan where the model's cycles for the two are within 15% (seeded
# shapes: `MOSAIC=.carry-rt/mosaic-rs2 python3 docs/logs/run35-pairs.py 147 60` (decode rows)
# and `ROWS=any ... 148 80`), to refit the model's split-K charge; (2) the split-K defaults
# of 35-c with a 10-stage ring against the planned one.
#   OUT=... bash docs/logs/run35-d.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-rs2 "--plan 2|--plan 1" --m 80 --n 1240 --k 2440   # model split/unsplit 0.978
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 1104 --k 1632   # model split/unsplit 1.117
av mosaic-rs2 "--plan 1|--plan 9" --m 80 --n 6296 --k 6080   # model split/unsplit 1.093
av mosaic-rs2 "--plan 1|--plan 3" --m 80 --n 3448 --k 4384   # model split/unsplit 1.117
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 1104 --k 2096   # model split/unsplit 1.042
av mosaic-rs2 "--plan 5|--plan 1" --m 80 --n 1240 --k 3664   # model split/unsplit 0.887
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 8136 --k 456   # model split/unsplit 1.122
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 296 --k 1192   # model split/unsplit 1.022
av mosaic-rs2 "--plan 3|--plan 1" --m 80 --n 1104 --k 2680   # model split/unsplit 0.975
av mosaic-rs2 "--plan 1|--plan 2" --m 96 --n 952 --k 1320   # model split/unsplit 1.034
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 1648 --k 2120   # model split/unsplit 1.017
av mosaic-rs2 "--plan 1|--plan 6" --m 80 --n 5032 --k 5088   # model split/unsplit 1.133
av mosaic-rs2 "--plan 2|--plan 1" --m 112 --n 496 --k 1704   # model split/unsplit 0.899
av mosaic-rs2 "--plan 1|--plan 2" --m 96 --n 1896 --k 9256   # model split/unsplit 0.852
av mosaic-rs2 "--plan 1|--plan 7" --m 80 --n 5720 --k 7536   # model split/unsplit 1.075
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 656 --k 1128   # model split/unsplit 1.065
av mosaic-rs2 "--plan 5|--plan 1" --m 80 --n 1192 --k 4216   # model split/unsplit 0.867
av mosaic-rs2 "--plan 1|--plan 6" --m 80 --n 5608 --k 8224   # model split/unsplit 1.070
av mosaic-rs2 "--plan 1|--plan 2" --m 80 --n 576 --k 1344   # model split/unsplit 1.003
av mosaic-rs2 "--plan 1|--plan 5" --m 80 --n 7960 --k 680   # model split/unsplit 1.124
av mosaic-rs2 "--plan 1|--plan 9" --m 80 --n 6384 --k 3688   # model split/unsplit 1.132
av mosaic-rs2 "--plan 1|--plan 5" --m 80 --n 5392 --k 8928   # model split/unsplit 1.078
av mosaic-rs2 "--plan 1|--plan 2" --m 2528 --n 288 --k 8688   # model split/unsplit 1.137
av mosaic-rs2 "--plan 5|--plan 1" --m 360 --n 1248 --k 7352   # model split/unsplit 0.848
av mosaic-rs2 "--plan 2|--plan 1" --m 384 --n 480 --k 1696   # model split/unsplit 0.947
av mosaic-rs2 "--plan 1|--plan 7" --m 1408 --n 1280 --k 5528   # model split/unsplit 1.097
av mosaic-rs2 "--plan 1|--plan 2" --m 344 --n 800 --k 3112   # model split/unsplit 1.053
av mosaic-rs2 "--plan 1|--plan 2" --m 1016 --n 312 --k 3216   # model split/unsplit 1.040
av mosaic-rs2 "--plan 1|--plan 5" --m 1528 --n 392 --k 3368   # model split/unsplit 1.023
av mosaic-rs2 "--plan 1|--plan 2" --m 352 --n 1440 --k 7224   # model split/unsplit 1.097
av mosaic-rs2 "-|--stages 10" --m 80 --n 1112 --k 2632
av mosaic-rs2 "-|--stages 10" --m 80 --n 1392 --k 2672
av mosaic-rs2 "-|--stages 10" --m 80 --n 296 --k 8432
av mosaic-rs2 "-|--stages 10" --m 112 --n 1000 --k 3480
av mosaic-rs2 "-|--stages 10" --m 80 --n 1312 --k 2688
av mosaic-rs2 "-|--stages 10" --m 128 --n 256 --k 4392
av mosaic-rs2 "-|--stages 10" --m 80 --n 608 --k 4272
av mosaic-rs2 "-|--stages 10" --m 80 --n 760 --k 1824
av mosaic-rs2 "-|--stages 10" --m 80 --n 544 --k 3736
av mosaic-rs2 "-|--stages 10" --m 128 --n 344 --k 2120
av mosaic-rs2 "-|--stages 10" --m 96 --n 1016 --k 2712
av mosaic-rs2 "-|--stages 10" --m 80 --n 296 --k 8328
av mosaic-rs2 "-|--stages 10" --m 128 --n 280 --k 2952
av mosaic-rs2 "-|--stages 10" --m 80 --n 440 --k 1920
av mosaic-rs2 "-|--stages 10" --m 80 --n 416 --k 6416
av mosaic-rs2 "-|--stages 10" --m 80 --n 1128 --k 4200
av mosaic-rs2 "-|--stages 10" --m 96 --n 320 --k 2808
av mosaic-rs2 "-|--stages 10" --m 128 --n 344 --k 3648
av mosaic-rs2 "-|--stages 10" --m 128 --n 360 --k 6168
av mosaic-rs2 "-|--stages 10" --m 80 --n 928 --k 2192
av mosaic-rs2 "-|--stages 10" --m 96 --n 720 --k 8232
av mosaic-rs2 "-|--stages 10" --m 80 --n 504 --k 6568
av mosaic-rs2 "-|--stages 10" --m 80 --n 704 --k 1664
av mosaic-rs2 "-|--stages 10" --m 80 --n 624 --k 6728
av mosaic-rs2 "-|--stages 10" --m 80 --n 312 --k 1808
av mosaic-rs2 "-|--stages 10" --m 128 --n 968 --k 8048
av mosaic-rs2 "-|--stages 10" --m 80 --n 440 --k 4072
av mosaic-rs2 "-|--stages 10" --m 80 --n 2064 --k 5328
av mosaic-rs2 "-|--stages 10" --m 2416 --n 320 --k 6520
av mosaic-rs2 "-|--stages 10" --m 392 --n 352 --k 4712
av mosaic-rs2 "-|--stages 10" --m 824 --n 352 --k 6488
av mosaic-rs2 "-|--stages 10" --m 352 --n 1952 --k 4768
av mosaic-rs2 "-|--stages 10" --m 437 --n 360 --k 1720
av mosaic-rs2 "-|--stages 10" --m 808 --n 344 --k 8160
av mosaic-rs2 "-|--stages 10" --m 512 --n 392 --k 7560
av mosaic-rs2 "-|--stages 10" --m 448 --n 1560 --k 4368
av mosaic-rs2 "-|--stages 10" --m 128 --n 1728 --k 3360
av mosaic-rs2 "-|--stages 10" --m 128 --n 1392 --k 2864
av mosaic-rs2 "-|--stages 10" --m 128 --n 1536 --k 4096
av mosaic-rs2 "-|--stages 10" --m 128 --n 1104 --k 4608
