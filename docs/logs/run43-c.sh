#!/usr/bin/env bash
# Run 43-c: the lone-grid L2 term (`tessellate::generate::lone_grid_fills_from_l2`, build
# `mosaic-43a`) out of sample. Every default it moves among seeded random f16 shapes (seeds
# 433 and 434, 200 shapes each: 32 + 29 moved; `python3 /tmp/moved.py 433:200` = seeded_shapes
# .print_ptx_diffs with A = mosaic-42c, B = mosaic-43a), old default against new, plus the new
# build's second-ranked plan; verify of four new defaults first.
#   OUT=... bash docs/logs/run43-c.sh; python3 docs/logs/run42-sum.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for a in "--m 944 --n 2104 --k 3120" "--m 656 --n 1592 --k 5584" "--m 1534 --n 2376 --k 7672" "--m 709 --n 3008 --k 1920"; do
  log "verify $a"; timeout 120 ./.carry-rt/mosaic-43a verify gemm $a --target $T 2>&1 | tail -1
done
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1534 --n 2376 --k 7672
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 7650 --n 256 --k 7424
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1208 --n 944 --k 3672
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1264 --n 576 --k 4288
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 392 --n 520 --k 2760
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 560 --n 696 --k 2048
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 320 --n 7432 --k 5024
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 784 --n 256 --k 4336
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 848 --n 4096 --k 1616
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 528 --n 400 --k 5696
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1778 --n 1992 --k 2792
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 666 --n 792 --k 680
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 260 --n 576 --k 2336
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1578 --n 1656 --k 1960
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 680 --n 2264 --k 7416
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 360 --n 5592 --k 1928
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 280 --n 3024 --k 1096
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 6377 --n 360 --k 6600
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1848 --n 328 --k 3120
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1080 --n 800 --k 2120
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 792 --n 1744 --k 688
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1584 --n 320 --k 1240
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 2160 --n 1048 --k 688
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 634 --n 1568 --k 1288
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 559 --n 3280 --k 7880
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 280 --n 800 --k 8704
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 336 --n 856 --k 5216
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1536 --n 384 --k 5968
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 709 --n 3008 --k 1920
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 744 --n 960 --k 1160
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 2280 --n 704 --k 1080
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1745 --n 328 --k 1728
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1336 --n 1472 --k 2144
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 2354 --n 1016 --k 4176
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 5968 --n 600 --k 4584
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1080 --n 904 --k 2496
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1786 --n 608 --k 600
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 4160 --n 656 --k 6416
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 280 --n 832 --k 2192
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 657 --n 440 --k 3184
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 640 --n 1168 --k 8736
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 824 --n 1688 --k 7032
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 776 --n 1768 --k 4592
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 2450 --n 336 --k 1584
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 736 --n 5376 --k 2328
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 809 --n 1240 --k 9160
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 666 --n 288 --k 840
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 752 --n 696 --k 2472
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 647 --n 424 --k 2976
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 520 --n 1576 --k 560
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1552 --n 632 --k 1520
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 688 --n 720 --k 984
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 864 --n 1088 --k 4344
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1832 --n 336 --k 488
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1072 --n 328 --k 8192
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1360 --n 904 --k 528
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 264 --n 2680 --k 4736
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 1056 --n 832 --k 1416
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 341 --n 1880 --k 2832
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 360 --n 2272 --k 7064
vs "mosaic-42c:-|mosaic-43a:-|mosaic-43a:--plan 2" --m 321 --n 4768 --k 1656
