#!/usr/bin/env bash
# Run 37-d (H200): the rule `tessellate::decode::WIDE_SPLIT_K4_MIN_K` (`mosaic-r2`: where the
# decode ranking's first plan is split-K 2 or gives way to a block, and K >= 2560, the first
# split-K 4 grid of two 64-row tile rows at least 96 columns wide whose 8-CTA clusters fit 14
# (the h100-sxm entry) goes first, sharing B over its tile-row pair) against the run-36 build
# (`mosaic`), out of sample: every default it moved among seeds 169 (80 to 128 rows, f16, 400:
# 26), 170 (97 to 128 rows, bf16, 300: 7), 171 (97 to 128 rows, column-major B, 300: 19)
# (`A=.carry-rt/mosaic B=.carry-rt/mosaic-r2 [ROWS=97] [EXTRA=...] python3
# docs/logs/run37-plandiff.py SEED N`). `mosaic-r2` also guards the multicast stage release's
# `mapa` with its arrival's predicate and runs the definite-assignment check in compile: its
# multicast kernels differ from `mosaic`'s by that guard, timed last at six shapes it does not
# move. Verify and memcheck first; 30 paired samples of both builds per shape.
#   OUT=... bash docs/logs/run37-d.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-r2"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 80 --n 2048 --k 2584
v --m 127 --n 1416 --k 4856 --dtype bf16
v --m 113 --n 1680 --k 8712 --b-layout col
v --m 97 --n 2136 --k 6800 --b-layout col --c-dtype f16
v --m 121 --n 1624 --k 4640 --dtype bf16 --alpha 0.5 --beta 0.25
mc --m 80 --n 1208 --k 2688
mc --m 105 --n 2064 --k 7208 --b-layout col
for d in f16 bf16; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
ab "mosaic mosaic-r2" --m 80 --n 2048 --k 2584
ab "mosaic mosaic-r2" --m 80 --n 1784 --k 8880
ab "mosaic mosaic-r2" --m 80 --n 1632 --k 3256
ab "mosaic mosaic-r2" --m 80 --n 2048 --k 4800
ab "mosaic mosaic-r2" --m 80 --n 1896 --k 5496
ab "mosaic mosaic-r2" --m 80 --n 1816 --k 2792
ab "mosaic mosaic-r2" --m 80 --n 1592 --k 3288
ab "mosaic mosaic-r2" --m 80 --n 1616 --k 5312
ab "mosaic mosaic-r2" --m 80 --n 1776 --k 7320
ab "mosaic mosaic-r2" --m 80 --n 1496 --k 9112
ab "mosaic mosaic-r2" --m 80 --n 1448 --k 8840
ab "mosaic mosaic-r2" --m 80 --n 1504 --k 2792
ab "mosaic mosaic-r2" --m 80 --n 1592 --k 3992
ab "mosaic mosaic-r2" --m 80 --n 1688 --k 5816
ab "mosaic mosaic-r2" --m 80 --n 1464 --k 6256
ab "mosaic mosaic-r2" --m 128 --n 1632 --k 4680
ab "mosaic mosaic-r2" --m 128 --n 1912 --k 3320
ab "mosaic mosaic-r2" --m 80 --n 1808 --k 3904
ab "mosaic mosaic-r2" --m 80 --n 1744 --k 3216
ab "mosaic mosaic-r2" --m 128 --n 2096 --k 3240
ab "mosaic mosaic-r2" --m 80 --n 2304 --k 6896
ab "mosaic mosaic-r2" --m 80 --n 1456 --k 5320
ab "mosaic mosaic-r2" --m 80 --n 1904 --k 3792
ab "mosaic mosaic-r2" --m 80 --n 1208 --k 2688
ab "mosaic mosaic-r2" --m 80 --n 2112 --k 2768
ab "mosaic mosaic-r2" --m 112 --n 2088 --k 8864
ab "mosaic mosaic-r2" --m 127 --n 1416 --k 4856 --dtype bf16
ab "mosaic mosaic-r2" --m 108 --n 1864 --k 3192 --dtype bf16
ab "mosaic mosaic-r2" --m 98 --n 1392 --k 3504 --dtype bf16
ab "mosaic mosaic-r2" --m 113 --n 1384 --k 3640 --dtype bf16
ab "mosaic mosaic-r2" --m 105 --n 1672 --k 5376 --dtype bf16
ab "mosaic mosaic-r2" --m 97 --n 1480 --k 3400 --dtype bf16
ab "mosaic mosaic-r2" --m 121 --n 1624 --k 4640 --dtype bf16
ab "mosaic mosaic-r2" --m 121 --n 2064 --k 4272 --b-layout col
ab "mosaic mosaic-r2" --m 105 --n 2064 --k 8408 --b-layout col
ab "mosaic mosaic-r2" --m 121 --n 1496 --k 2776 --b-layout col
ab "mosaic mosaic-r2" --m 97 --n 2136 --k 6800 --b-layout col
ab "mosaic mosaic-r2" --m 113 --n 2016 --k 7488 --b-layout col
ab "mosaic mosaic-r2" --m 117 --n 1424 --k 2944 --b-layout col
ab "mosaic mosaic-r2" --m 105 --n 2064 --k 7208 --b-layout col
ab "mosaic mosaic-r2" --m 113 --n 1304 --k 3528 --b-layout col
ab "mosaic mosaic-r2" --m 105 --n 2016 --k 3816 --b-layout col
ab "mosaic mosaic-r2" --m 121 --n 1592 --k 5656 --b-layout col
ab "mosaic mosaic-r2" --m 113 --n 1680 --k 8712 --b-layout col
ab "mosaic mosaic-r2" --m 97 --n 1592 --k 6632 --b-layout col
ab "mosaic mosaic-r2" --m 97 --n 1824 --k 3456 --b-layout col
ab "mosaic mosaic-r2" --m 97 --n 1688 --k 4968 --b-layout col
ab "mosaic mosaic-r2" --m 105 --n 2032 --k 3512 --b-layout col
ab "mosaic mosaic-r2" --m 114 --n 1648 --k 9296 --b-layout col
ab "mosaic mosaic-r2" --m 105 --n 1456 --k 5864 --b-layout col
ab "mosaic mosaic-r2" --m 109 --n 1448 --k 2848 --b-layout col
ab "mosaic mosaic-r2" --m 97 --n 1552 --k 4944 --b-layout col
# The stage release's guarded `mapa` alone (plans these builds share).
ab "mosaic mosaic-r2" --m 4096 --n 4096 --k 4096
ab "mosaic mosaic-r2" --m 4096 --n 14336 --k 4096 --dtype bf16
ab "mosaic mosaic-r2" --m 128 --n 2840 --k 4608
ab "mosaic mosaic-r2" --m 128 --n 4928 --k 5480
ab "mosaic mosaic-r2" --m 80 --n 1744 --k 1816
ab "mosaic mosaic-r2" --m 2048 --n 8192 --k 2048 --c-dtype f16
