#!/usr/bin/env bash
# Run 26-e: the same A/B as 26-c/26-d on an H200: this build (`$M`, 84efefd's code) against
# the base build (`$BASE`, 12bd4e6) at ten moved f16 shapes of 26-a/26-c (the two largest
# losses included) and two bf16 ones; 30 paired samples each, alternating which runs first.
#   OUT=... bash docs/logs/run26-e.sh
. "$(dirname "$0")/run26-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
pair --m 5464 --n 1296 --k 6224
pair --m 5808 --n 1056 --k 5168
pair --m 920 --n 7728 --k 7856
pair --m 776 --n 4912 --k 1008
pair --m 3176 --n 2464 --k 8608
pair --m 2000 --n 1216 --k 4280
pair --m 896 --n 3504 --k 8232
pair --m 1200 --n 2664 --k 7584
pair --m 3224 --n 1080 --k 7744
pair --m 2400 --n 504 --k 832
pair --m 5808 --n 1056 --k 5168 --dtype bf16
pair --m 920 --n 7728 --k 7856 --dtype bf16
