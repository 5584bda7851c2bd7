#!/usr/bin/env bash
# Run 34-h (H200): the A-and-B block rule above 128 rows (`mosaic-lb`: plain lone grids of at
# least 2 x 2 tiles whose A or B rows straddle 32-byte sectors, K above 1536) against the
# build before it (`mosaic-r34b`) at the 28 defaults it moves among 1000 fresh seeded
# shapes (`A=.carry-rt/mosaic-r34b B=.carry-rt/mosaic-lb [EXTRA=...] python3
# docs/logs/run30-ptxdiff.py SEED N`: 126 f16 400, 127 bf16 300, 128 column-major B 300),
# 30 paired samples, builds rotated per shape, one round. Verify first at moved kernels of
# one, two and three consumer warpgroups, bf16 and column-major B; memcheck one.
#   OUT=... bash docs/logs/run34-h.sh; REF=mosaic-r34b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-lb"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 2328 --n 1096 --k 2104
v --m 760 --n 3704 --k 2280 --dtype bf16
v --m 752 --n 583 --k 2904 --b-layout col
v --m 983 --n 376 --k 2536 --c-dtype f16
v --m 291 --n 1216 --k 2472 --alpha 1.5 --beta -0.5
mc --m 523 --n 736 --k 2376 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 1344 --n 608 --k 2632
ab "mosaic-r34b mosaic-lb" --m 392 --n 1672 --k 3416
ab "mosaic-r34b mosaic-lb" --m 416 --n 632 --k 2336
ab "mosaic-r34b mosaic-lb" --m 983 --n 376 --k 2536
ab "mosaic-r34b mosaic-lb" --m 291 --n 1216 --k 2472
ab "mosaic-r34b mosaic-lb" --m 1168 --n 1232 --k 2520
ab "mosaic-r34b mosaic-lb" --m 2432 --n 360 --k 3592
ab "mosaic-r34b mosaic-lb" --m 1248 --n 1416 --k 3144
ab "mosaic-r34b mosaic-lb" --m 2448 --n 680 --k 2928
ab "mosaic-r34b mosaic-lb" --m 2328 --n 1096 --k 2104
ab "mosaic-r34b mosaic-lb" --m 3464 --n 256 --k 4168
ab "mosaic-r34b mosaic-lb" --m 707 --n 2296 --k 2656 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 2280 --n 384 --k 6568 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 304 --n 1240 --k 2536 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 432 --n 1616 --k 2152 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 760 --n 3704 --k 2280 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 632 --n 840 --k 1872 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 1096 --n 656 --k 2632 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 3616 --n 976 --k 3144 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 523 --n 736 --k 2376 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 2793 --n 256 --k 1816 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 555 --n 1096 --k 3160 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 712 --n 5112 --k 2952 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 752 --n 583 --k 2904 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 328 --n 1050 --k 2088 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 350 --n 1072 --k 2504 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 956 --n 280 --k 3080 --b-layout col
ab "mosaic-r34b mosaic-lb" --m 1176 --n 632 --k 4456 --b-layout col
