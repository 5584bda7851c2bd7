#!/usr/bin/env bash
# Run 34-l (H200): a padding bound for A-and-B blocks above 128 rows. In 34-g, 34-h and
# 34-k, grids whose tiles padded to 2 x 2 blocks added at most 6% CTAs ran faster at 27 of
# 27 (1.00-1.40x), those adding more at about 1.00x in geomean with most of the losses.
# `mosaic-lp` (the block only where padding adds at most 6%) against `mosaic-lb` at the 18
# defaults it moves among 1500 fresh seeded shapes (`A=.carry-rt/mosaic-lb
# B=.carry-rt/mosaic-lp [EXTRA=...] python3 docs/logs/run30-ptxdiff.py SEED 500`: 142 f16,
# 143 f16 with a 16-bit C, 144 bf16), 30 paired samples, builds rotated, one round.
#   OUT=... bash docs/logs/run34-l.sh; REF=mosaic-lb python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
ab "mosaic-lb mosaic-lp" --m 2544 --n 264 --k 3512 
ab "mosaic-lb mosaic-lp" --m 317 --n 1048 --k 2752 
ab "mosaic-lb mosaic-lp" --m 1148 --n 488 --k 1744 
ab "mosaic-lb mosaic-lp" --m 533 --n 712 --k 1696 
ab "mosaic-lb mosaic-lp" --m 864 --n 296 --k 3120 
ab "mosaic-lb mosaic-lp" --m 472 --n 520 --k 2600 
ab "mosaic-lb mosaic-lp" --m 928 --n 832 --k 3320 
ab "mosaic-lb mosaic-lp" --m 295 --n 1856 --k 2088 --c-dtype f16
ab "mosaic-lb mosaic-lp" --m 734 --n 424 --k 2568 --c-dtype f16
ab "mosaic-lb mosaic-lp" --m 1036 --n 760 --k 1744 --c-dtype f16
ab "mosaic-lb mosaic-lp" --m 992 --n 520 --k 1760 --c-dtype f16
ab "mosaic-lb mosaic-lp" --m 1371 --n 1160 --k 7240 --dtype bf16
ab "mosaic-lb mosaic-lp" --m 645 --n 552 --k 2712 --dtype bf16
ab "mosaic-lb mosaic-lp" --m 1848 --n 280 --k 2040 --dtype bf16
ab "mosaic-lb mosaic-lp" --m 552 --n 1176 --k 1776 --dtype bf16
ab "mosaic-lb mosaic-lp" --m 1216 --n 2104 --k 7152 --dtype bf16
ab "mosaic-lb mosaic-lp" --m 1200 --n 2072 --k 3808 --dtype bf16
ab "mosaic-lb mosaic-lp" --m 2296 --n 296 --k 3328 --dtype bf16
