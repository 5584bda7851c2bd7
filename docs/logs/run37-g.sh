#!/usr/bin/env bash
# Run 37-g (H200): the rule `tessellate::block::share_b_past_blocks` (`mosaic-bp`: decode grids
# of two 64-row tile rows with more CTAs than 4-CTA blocks fit (120) and at most 132, a
# row-major B and K > 1536, share B over the tile-row pair) against the final run-37 code
# without it (`mosaic-37b`), out of sample: every default it moved among seeds 175 (97 to 128
# rows, f16, 500: 10), 176 (97 to 128 rows, bf16, 500: 7), 177 (80 to 128 rows, f16, 400: 6);
# seed 178 (column-major B, 200): none moved (`A=.carry-rt/mosaic-37b B=.carry-rt/mosaic-bp
# [ROWS=97] [EXTRA=...] python3 docs/logs/run37-plandiff.py SEED N`). Verify and memcheck
# first; 30 paired samples of both builds per shape.
#   OUT=... bash docs/logs/run37-g.sh; REF=mosaic-37b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-bp"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 113 --n 4168 --k 3728
v --m 128 --n 8376 --k 6696 --dtype bf16
v --m 80 --n 3848 --k 3088 --c-dtype f16
v --m 97 --n 3984 --k 1592 --dtype bf16 --alpha 0.5 --beta 0.25
mc --m 105 --n 3920 --k 3144
ab "mosaic-37b mosaic-bp" --m 113 --n 4168 --k 3728
ab "mosaic-37b mosaic-bp" --m 105 --n 4112 --k 6016
ab "mosaic-37b mosaic-bp" --m 115 --n 4184 --k 7688
ab "mosaic-37b mosaic-bp" --m 126 --n 3872 --k 6920
ab "mosaic-37b mosaic-bp" --m 121 --n 4208 --k 3656
ab "mosaic-37b mosaic-bp" --m 105 --n 4112 --k 2936
ab "mosaic-37b mosaic-bp" --m 105 --n 3920 --k 3144
ab "mosaic-37b mosaic-bp" --m 113 --n 4208 --k 7104
ab "mosaic-37b mosaic-bp" --m 123 --n 4032 --k 7912
ab "mosaic-37b mosaic-bp" --m 123 --n 4048 --k 4176
ab "mosaic-37b mosaic-bp" --m 121 --n 3944 --k 7048 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 97 --n 4176 --k 2296 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 122 --n 4056 --k 1840 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 128 --n 8376 --k 6696 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 97 --n 3984 --k 1592 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 105 --n 4200 --k 2400 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 118 --n 3864 --k 2368 --dtype bf16
ab "mosaic-37b mosaic-bp" --m 80 --n 3848 --k 3088
ab "mosaic-37b mosaic-bp" --m 80 --n 4224 --k 2968
ab "mosaic-37b mosaic-bp" --m 112 --n 7888 --k 2728
ab "mosaic-37b mosaic-bp" --m 80 --n 3992 --k 8064
ab "mosaic-37b mosaic-bp" --m 80 --n 3960 --k 5816
ab "mosaic-37b mosaic-bp" --m 80 --n 3848 --k 5960
