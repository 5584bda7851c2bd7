#!/usr/bin/env bash
# Run 26-c: out-of-sample check of this build (transposed plans above 128 rows at one CTA
# per SM, `$M`) against the base build (`$BASE`, 12bd4e6): every one of the 38 shapes whose
# default moved among 600 fresh seeded random f16 shapes (`python3 docs/logs/run26-sweep.py
# 27 600`, list in run26-sweep27-moved.txt); 30 paired samples each, alternating which build
# runs first. Then verify and memcheck of new defaults.
#   OUT=... bash docs/logs/run26-c.sh
. "$(dirname "$0")/run26-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
pair --m 2400 --n 504 --k 832
pair --m 1672 --n 2240 --k 7312
pair --m 896 --n 3504 --k 8232
pair --m 1176 --n 2936 --k 6072
pair --m 1069 --n 2960 --k 3856
pair --m 763 --n 800 --k 8824
pair --m 2000 --n 1216 --k 4280
pair --m 258 --n 3904 --k 3760
pair --m 784 --n 2640 --k 1024
pair --m 3457 --n 616 --k 1464
pair --m 472 --n 5616 --k 1760
pair --m 3344 --n 584 --k 3704
pair --m 1782 --n 704 --k 1136
pair --m 1752 --n 1384 --k 8792
pair --m 2068 --n 2464 --k 504
pair --m 920 --n 7728 --k 7856
pair --m 616 --n 2064 --k 1136
pair --m 1053 --n 3248 --k 6048
pair --m 1696 --n 4192 --k 848
pair --m 776 --n 4912 --k 1008
pair --m 2784 --n 2528 --k 544
pair --m 3440 --n 304 --k 5720
pair --m 2385 --n 1320 --k 3608
pair --m 1200 --n 2664 --k 7584
pair --m 864 --n 7512 --k 864
pair --m 1376 --n 792 --k 7784
pair --m 3176 --n 2464 --k 8608
pair --m 1552 --n 1928 --k 1200
pair --m 1456 --n 792 --k 848
pair --m 515 --n 1976 --k 1320
pair --m 3080 --n 344 --k 2776
pair --m 1816 --n 568 --k 1608
pair --m 456 --n 5488 --k 1344
pair --m 1088 --n 3256 --k 2776
pair --m 538 --n 2024 --k 544
pair --m 476 --n 2400 --k 6136
pair --m 1168 --n 912 --k 2064
pair --m 1640 --n 3848 --k 7592
v --m 3457 --n 616 --k 1464
v --m 3457 --n 616 --k 1464 --dtype bf16 --b-layout col --alpha -1 --beta 2
v --m 515 --n 1976 --k 1320 --dtype tf32 --b-layout col
v --m 1069 --n 2960 --k 3856 --c-dtype f16
v --m 763 --n 800 --k 8824 --dtype bf16
timeout 200 compute-sanitizer --tool memcheck $MB verify gemm --m 3457 --n 616 --k 1464 --target $T 2>&1 | tail -3
