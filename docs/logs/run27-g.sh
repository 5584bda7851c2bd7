#!/usr/bin/env bash
# Run 27-g (H100): out of sample for the final build (the sector rule and its 2% charge):
# every default that moved among 600 fresh seeded random f16 shapes (`python3
# docs/logs/run26-sweep.py 30 600`, list in run27-sweep30-moved.txt), against the base build
# (`$BASE`, 745d78a), 30 paired samples, alternating which build runs first; one verify.
#   OUT=... bash docs/logs/run27-g.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 2156 --n 4920 --k 2424
pair --m 6449 --n 1520 --k 5080
pair --m 1690 --n 2616 --k 5736
pair --m 3008 --n 1032 --k 1704
pair --m 2656 --n 2584 --k 2840
pair --m 2156 --n 4920 --k 2424
pair --m 752 --n 1496 --k 8680
pair --m 2280 --n 480 --k 5656
pair --m 5384 --n 1280 --k 2440
pair --m 3144 --n 696 --k 8536
pair --m 2672 --n 1584 --k 1912
pair --m 419 --n 7448 --k 1672
pair --m 1208 --n 4896 --k 8664
pair --m 1520 --n 752 --k 3720
pair --m 2496 --n 3240 --k 1816
pair --m 2744 --n 4216 --k 5608
pair --m 5064 --n 1232 --k 3064
pair --m 4968 --n 784 --k 4072
pair --m 832 --n 4216 --k 3640
pair --m 732 --n 4776 --k 9368
