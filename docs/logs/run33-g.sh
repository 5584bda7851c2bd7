#!/usr/bin/env bash
# Run 33-g (H200): this run's final build (.carry-rt/mosaic-r33: decode A and B blocks from 65
# rows, K above 1536) against run 32's final build (.carry-rt/mosaic-final) at every default
# it moved among fresh seeded decode shapes: 200 f16 of 97-128 rows (seed 103, ROWS=97), 200
# bf16 of 80/96/112/128 rows (seed 104): `A=.carry-rt/mosaic-final B=.carry-rt/mosaic-r33
# [ROWS=97] [EXTRA=--dtype bf16] python3 docs/logs/run32-decodediff.py SEED 200`; verify
# and memcheck of moved kernels first. One round.
#   OUT=... bash docs/logs/run33-g.sh; REF=mosaic-final python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-r33"; MB=./.carry-rt/mosaic-r33
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 80 --n 2600 --k 3512 --dtype bf16 --b-layout col
v --m 97 --n 3608 --k 9240 --c-dtype f16
v --m 65 --n 1000 --k 2008 --alpha 1.5 --beta -0.5
v --m 127 --n 1000 --k 1544 --dtype bf16
mc --m 81 --n 1232 --k 1752
ab "mosaic-final mosaic-r33" --m 105 --n 1136 --k 2008
ab "mosaic-final mosaic-r33" --m 128 --n 2344 --k 7688
ab "mosaic-final mosaic-r33" --m 113 --n 5872 --k 3480
ab "mosaic-final mosaic-r33" --m 128 --n 3832 --k 8616
ab "mosaic-final mosaic-r33" --m 105 --n 2592 --k 4824
ab "mosaic-final mosaic-r33" --m 121 --n 6592 --k 8888
ab "mosaic-final mosaic-r33" --m 113 --n 2920 --k 3592
ab "mosaic-final mosaic-r33" --m 115 --n 3120 --k 4424
ab "mosaic-final mosaic-r33" --m 98 --n 3720 --k 5416
ab "mosaic-final mosaic-r33" --m 121 --n 1272 --k 1960
ab "mosaic-final mosaic-r33" --m 121 --n 2528 --k 7448
ab "mosaic-final mosaic-r33" --m 113 --n 3672 --k 1752
ab "mosaic-final mosaic-r33" --m 113 --n 2440 --k 3640
ab "mosaic-final mosaic-r33" --m 97 --n 3256 --k 8760
ab "mosaic-final mosaic-r33" --m 97 --n 8744 --k 2728
ab "mosaic-final mosaic-r33" --m 121 --n 6752 --k 8792
ab "mosaic-final mosaic-r33" --m 80 --n 2480 --k 1752 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 2376 --k 1976 --dtype bf16
ab "mosaic-final mosaic-r33" --m 96 --n 3184 --k 1624 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 3544 --k 3800 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 2392 --k 3208 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 2896 --k 4040 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 3216 --k 6952 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 2392 --k 8760 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 1888 --k 2440 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 2192 --k 2120 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 2152 --k 2776 --dtype bf16
ab "mosaic-final mosaic-r33" --m 128 --n 1840 --k 2216 --dtype bf16
ab "mosaic-final mosaic-r33" --m 112 --n 9304 --k 4904 --dtype bf16
ab "mosaic-final mosaic-r33" --m 80 --n 1752 --k 2216 --dtype bf16
