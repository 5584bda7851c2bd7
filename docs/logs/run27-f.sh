#!/usr/bin/env bash
# Run 27-f (H200): the final build against the base build (`$BASE`, 745d78a) at the 15
# defaults of seed 29 that it moves (27-d timed them on an H100) and four of 27-e's; 30
# paired samples, alternating which build runs first. Verify two new defaults first.
#   OUT=... bash docs/logs/run27-f.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 2920 --n 2632 --k 6312
v --m 896 --n 9072 --k 4424 --dtype bf16
pair --m 440 --n 8136 --k 3480
pair --m 312 --n 7384 --k 1624
pair --m 2920 --n 2632 --k 6312
pair --m 952 --n 2264 --k 2088
pair --m 2856 --n 1136 --k 4104
pair --m 4696 --n 4192 --k 4552
pair --m 4736 --n 888 --k 7256
pair --m 5044 --n 1984 --k 5096
pair --m 2397 --n 1488 --k 2504
pair --m 1248 --n 3480 --k 3560
pair --m 1136 --n 3912 --k 8408
pair --m 928 --n 7400 --k 7144
pair --m 2356 --n 2512 --k 2392
pair --m 1199 --n 6528 --k 1784
pair --m 896 --n 9072 --k 4424
pair --m 600 --n 7280 --k 8056
pair --m 1272 --n 4968 --k 5880
pair --m 3344 --n 6544 --k 7848
pair --m 4864 --n 824 --k 4472
