#!/usr/bin/env bash
# Run 37-c (H200): a candidate rule (`mosaic-s4o`, `docs/logs/run37-s4.diff` with MOSAIC_X_SK4=15: where the decode ranking's first plan is
# split-K, the first split-K 4 plan of two 64-row tile rows whose 8-CTA clusters fit the 15
# this H200 holds (37-a) goes first, sharing B over its tile-row pair) against the run-36
# build (`mosaic`), out of sample: 36 of the 240 defaults it moved among seeds 166 (80 to 128
# rows, f16, 300: 98), 167 (97 to 128 rows, bf16, 200: 75), 168 (97 to 128 rows, column-major
# B, 200: 67) (`A=.carry-rt/mosaic B=.carry-rt/mosaic-s4o [ROWS=97] [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED N`), drawn per class (random.seed(37)): 16 where it only
# adds sharing to a split-K 4 default, 12 replacing split-K 2, 8 replacing a block. Verify
# and memcheck first; 30 paired samples of both builds per shape. Then 128x8272x6424 (cuBLAS:
# 64x128 tiles in 2-CTA clusters, 37-b) with B or A shared over pairs.
#   OUT=... bash docs/logs/run37-c.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-s4o"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 112 --n 1928 --k 3584
v --m 105 --n 1448 --k 3704 --dtype bf16
v --m 105 --n 792 --k 7960 --b-layout col
v --m 80 --n 304 --k 1168
mc --m 80 --n 2096 --k 3352
ab "mosaic mosaic-s4o" --m 80 --n 304 --k 1168
ab "mosaic mosaic-s4o" --m 80 --n 304 --k 3720
ab "mosaic mosaic-s4o" --m 80 --n 312 --k 6728
ab "mosaic mosaic-s4o" --m 80 --n 320 --k 1952
ab "mosaic mosaic-s4o" --m 80 --n 480 --k 6328
ab "mosaic mosaic-s4o" --m 80 --n 528 --k 1376
ab "mosaic mosaic-s4o" --m 80 --n 552 --k 1296
ab "mosaic mosaic-s4o" --m 80 --n 552 --k 5480
ab "mosaic mosaic-s4o" --m 80 --n 904 --k 2184
ab "mosaic mosaic-s4o" --m 96 --n 472 --k 1008
ab "mosaic mosaic-s4o" --m 102 --n 888 --k 1808 --dtype bf16
ab "mosaic mosaic-s4o" --m 105 --n 808 --k 1952 --dtype bf16
ab "mosaic mosaic-s4o" --m 113 --n 280 --k 2008 --dtype bf16
ab "mosaic mosaic-s4o" --m 97 --n 1032 --k 2544 --dtype bf16
ab "mosaic mosaic-s4o" --m 105 --n 728 --k 1000 --b-layout col
ab "mosaic mosaic-s4o" --m 105 --n 792 --k 7960 --b-layout col
ab "mosaic mosaic-s4o" --m 80 --n 1456 --k 4624
ab "mosaic mosaic-s4o" --m 80 --n 1496 --k 3656
ab "mosaic mosaic-s4o" --m 80 --n 2032 --k 8960
ab "mosaic mosaic-s4o" --m 105 --n 1192 --k 1424 --dtype bf16
ab "mosaic mosaic-s4o" --m 105 --n 1448 --k 3704 --dtype bf16
ab "mosaic mosaic-s4o" --m 113 --n 1464 --k 2912 --dtype bf16
ab "mosaic mosaic-s4o" --m 121 --n 1264 --k 2032 --dtype bf16
ab "mosaic mosaic-s4o" --m 121 --n 1416 --k 4376 --dtype bf16
ab "mosaic mosaic-s4o" --m 97 --n 1320 --k 3592 --dtype bf16
ab "mosaic mosaic-s4o" --m 97 --n 2112 --k 4160 --dtype bf16
ab "mosaic mosaic-s4o" --m 105 --n 1448 --k 8040 --b-layout col
ab "mosaic mosaic-s4o" --m 121 --n 1680 --k 6560 --b-layout col
ab "mosaic mosaic-s4o" --m 112 --n 1928 --k 3584
ab "mosaic mosaic-s4o" --m 128 --n 1440 --k 4104
ab "mosaic mosaic-s4o" --m 80 --n 2096 --k 3352
ab "mosaic mosaic-s4o" --m 80 --n 2112 --k 7624
ab "mosaic mosaic-s4o" --m 96 --n 2056 --k 3456
ab "mosaic mosaic-s4o" --m 105 --n 2024 --k 5720 --dtype bf16
ab "mosaic mosaic-s4o" --m 112 --n 2016 --k 6520 --b-layout col
ab "mosaic mosaic-s4o" --m 113 --n 1960 --k 4040 --b-layout col
for r in 1 2; do
  av mosaic "-|--plan 1 --multicast on|--plan 1 --multicast a" --m 128 --n 8272 --k 6424
done
