#!/usr/bin/env bash
# Run 26-b: transposed plans above 128 rows (this build, `$M`) against the base build
# (`$BASE`, 12bd4e6) where the default moved: 40 of the 77 shapes of 600 seeded random f16
# shapes (`python3 docs/logs/run26-sweep.py 26 600`, list in run26-sweep-moved.txt) whose
# default moved, drawn with seed 2026; 30 paired samples each, alternating which build runs
# first. Then verify of new defaults (dtypes, layouts, ragged, alpha/beta) and memcheck.
#   OUT=... bash docs/logs/run26-b.sh
. "$(dirname "$0")/run26-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
pair --m 5464 --n 1296 --k 6224
pair --m 5808 --n 1056 --k 5168
pair --m 3020 --n 640 --k 672
pair --m 1624 --n 2176 --k 4992
pair --m 1816 --n 776 --k 392
pair --m 2404 --n 656 --k 416
pair --m 1008 --n 1424 --k 464
pair --m 6984 --n 1832 --k 608
pair --m 600 --n 7264 --k 408
pair --m 1808 --n 1880 --k 1896
pair --m 706 --n 8960 --k 2240
pair --m 3288 --n 616 --k 520
pair --m 3352 --n 280 --k 3992
pair --m 272 --n 1808 --k 5264
pair --m 3224 --n 1080 --k 7744
pair --m 316 --n 7200 --k 3064
pair --m 1136 --n 9360 --k 312
pair --m 2576 --n 1800 --k 296
pair --m 424 --n 2512 --k 1336
pair --m 2947 --n 376 --k 8800
pair --m 2390 --n 424 --k 896
pair --m 288 --n 7832 --k 3656
pair --m 3312 --n 1144 --k 6360
pair --m 272 --n 7040 --k 5736
pair --m 296 --n 2048 --k 7408
pair --m 1952 --n 2232 --k 304
pair --m 7184 --n 712 --k 488
pair --m 3760 --n 704 --k 424
pair --m 656 --n 2680 --k 384
pair --m 1421 --n 1640 --k 1400
pair --m 6912 --n 360 --k 3048
pair --m 923 --n 2104 --k 512
pair --m 7777 --n 1344 --k 8320
pair --m 312 --n 3488 --k 392
pair --m 1838 --n 1656 --k 496
pair --m 8752 --n 376 --k 5424
pair --m 424 --n 8616 --k 5744
pair --m 4176 --n 1328 --k 440
pair --m 768 --n 816 --k 3232
pair --m 3192 --n 680 --k 9136
pair --m 720 --n 8488 --k 1184
pair --m 6056 --n 2456 --k 360
v --m 3352 --n 280 --k 3992
v --m 1829 --n 1072 --k 4368 --dtype bf16
v --m 962 --n 3320 --k 5448 --b-layout col
v --m 5464 --n 1296 --k 6224 --dtype tf32 --b-layout col
v --m 5195 --n 1016 --k 520 --alpha 1.5 --beta -0.5
v --m 2947 --n 376 --k 8800 --dtype bf16 --b-layout col
v --m 7777 --n 1344 --k 8320 --c-dtype f16
v --m 1624 --n 2112 --k 1896 --dtype tf32 --b-layout col --alpha 2 --beta 0.5
timeout 200 compute-sanitizer --tool memcheck $MB verify gemm --m 5195 --n 1016 --k 520 --target $T 2>&1 | tail -3
timeout 200 compute-sanitizer --tool memcheck $MB verify gemm --m 1829 --n 1072 --k 1368 --dtype bf16 --target $T 2>&1 | tail -3
