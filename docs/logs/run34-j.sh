#!/usr/bin/env bash
# Run 34-j (H200): A-and-B blocks above 128 rows with rows of whole sectors at K of 4096 or
# more (run 34-i, in sample: 4 of 5 faster, 1.07-1.30x). `mosaic-lw` (the block also there)
# against `mosaic-lb` at fresh plain lone grids of whole-sector rows and K >= 4096
# (`MOSAIC=.carry-rt/mosaic-lb WHOLE=1 python3 docs/logs/run34-lone.py SEED 14` for seeds
# 134-136, those with K >= 4096 whose default moves; and the two defaults it moves among 900
# seeded shapes, `A=.carry-rt/mosaic-lb B=.carry-rt/mosaic-lw python3 docs/logs/run30-ptxdiff.py
# 131 500`, `EXTRA="--dtype bf16" ... 132 400`), 30 paired samples, one round.
#   OUT=... bash docs/logs/run34-j.sh; REF=mosaic-lb python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-lw"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 1440 --n 1424 --k 5168
ab "mosaic-lb mosaic-lw" --m 1112 --n 736 --k 7488
ab "mosaic-lb mosaic-lw" --m 1208 --n 1520 --k 4400
ab "mosaic-lb mosaic-lw" --m 1514 --n 1712 --k 4400
ab "mosaic-lb mosaic-lw" --m 2360 --n 704 --k 4160
ab "mosaic-lb mosaic-lw" --m 3064 --n 256 --k 5472
ab "mosaic-lb mosaic-lw" --m 360 --n 5680 --k 6448
ab "mosaic-lb mosaic-lw" --m 3696 --n 992 --k 7776
ab "mosaic-lb mosaic-lw" --m 592 --n 2144 --k 6832
ab "mosaic-lb mosaic-lw" --m 676 --n 2336 --k 4128
ab "mosaic-lb mosaic-lw" --m 736 --n 3616 --k 5776
ab "mosaic-lb mosaic-lw" --m 944 --n 1696 --k 7728
ab "mosaic-lb mosaic-lw" --m 2128 --n 384 --k 4704
ab "mosaic-lb mosaic-lw" --m 2830 --n 256 --k 8464 --dtype bf16
