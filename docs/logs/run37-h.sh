#!/usr/bin/env bash
# Run 37-h (H200): the B-pair rule as kept (`mosaic-bq`: 37-g's rule restricted to B rows
# that straddle 128-byte lines, `generate::b_straddles`, as the lone grids' B sharing is since
# run 31; it leaves the suite's rows, N a multiple of 64, unshared) against the final run-37
# code without it (`mosaic-37b`), out of sample: every default it moved among seeds 179 (97 to
# 128 rows, f16, 600: 12), 180 (97 to 128 rows, bf16, 600: 6), 181 (80 to 128 rows, f16, 500:
# 9) (`A=.carry-rt/mosaic-37b B=.carry-rt/mosaic-bq [ROWS=97] [EXTRA=...] python3
# docs/logs/run37-plandiff.py SEED N`). 30 paired samples of both builds per shape.
#   OUT=... bash docs/logs/run37-h.sh; REF=mosaic-37b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-bq"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 121 --n 7792 --k 3944
v --m 125 --n 6048 --k 7760 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 113 --n 3872 --k 3016
ab "mosaic-37b mosaic-bq" --m 112 --n 3928 --k 5632
ab "mosaic-37b mosaic-bq" --m 126 --n 4016 --k 3920
ab "mosaic-37b mosaic-bq" --m 121 --n 7792 --k 3944
ab "mosaic-37b mosaic-bq" --m 100 --n 3936 --k 7312
ab "mosaic-37b mosaic-bq" --m 121 --n 3920 --k 3184
ab "mosaic-37b mosaic-bq" --m 121 --n 3912 --k 3128
ab "mosaic-37b mosaic-bq" --m 97 --n 4176 --k 2800
ab "mosaic-37b mosaic-bq" --m 97 --n 3848 --k 2032
ab "mosaic-37b mosaic-bq" --m 119 --n 4064 --k 2704
ab "mosaic-37b mosaic-bq" --m 121 --n 4208 --k 7144
ab "mosaic-37b mosaic-bq" --m 97 --n 6048 --k 2872
ab "mosaic-37b mosaic-bq" --m 97 --n 3976 --k 4256 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 107 --n 3848 --k 8104 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 125 --n 6048 --k 7760 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 121 --n 3912 --k 5992 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 121 --n 7800 --k 6280 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 113 --n 8392 --k 6488 --dtype bf16
ab "mosaic-37b mosaic-bq" --m 80 --n 3984 --k 6664
ab "mosaic-37b mosaic-bq" --m 80 --n 4008 --k 2872
ab "mosaic-37b mosaic-bq" --m 80 --n 4016 --k 3080
ab "mosaic-37b mosaic-bq" --m 80 --n 4168 --k 2344
ab "mosaic-37b mosaic-bq" --m 80 --n 3872 --k 1680
ab "mosaic-37b mosaic-bq" --m 128 --n 3880 --k 5328
ab "mosaic-37b mosaic-bq" --m 80 --n 4200 --k 2272
ab "mosaic-37b mosaic-bq" --m 128 --n 3928 --k 6528
ab "mosaic-37b mosaic-bq" --m 80 --n 4168 --k 3144
