#!/usr/bin/env bash
# Run 36-g (H200): the final split-K pair rule (`mosaic-skq`: where the decode reorder would put
# a block of 48 CTAs or more before a split-K 2 grid of two 64-row tile rows that fits the
# resident 4-CTA clusters, that grid shares B over its tile-row pair instead) against run 36-d's
# rule (`mosaic-96b`), out of sample: every default it moved among fresh seeded decode shapes,
# `A=.carry-rt/mosaic-96b B=.carry-rt/mosaic-skq [ROWS=97] [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED N`: 159 (80 to 128 rows, f16, 400: 9), 160 (97 to 128
# rows, bf16, 300: 13), 161 (97 to 128 rows, f16 with a column-major B, 300: 6), interleaved.
# Verify and memcheck first; 30 paired samples of both builds per shape.
#   OUT=... bash docs/logs/run36-g.sh; REF=mosaic-96b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-skq"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 80 --n 1744 --k 1816
v --m 113 --n 1768 --k 6848 --dtype bf16
v --m 121 --n 1784 --k 3432 --b-layout col
v --m 80 --n 1464 --k 2848
v --m 125 --n 1776 --k 2584 --dtype bf16
v --m 80 --n 2120 --k 6424
v --m 105 --n 1464 --k 6000 --dtype bf16
mc --m 80 --n 1744 --k 1816
for d in f16 bf16; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
ab "mosaic-96b mosaic-skq" --m 80 --n 1744 --k 1816
ab "mosaic-96b mosaic-skq" --m 104 --n 1648 --k 2632 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 97 --n 1512 --k 3016 --b-layout col
ab "mosaic-96b mosaic-skq" --m 80 --n 1720 --k 3704
ab "mosaic-96b mosaic-skq" --m 113 --n 1768 --k 6848 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 113 --n 1832 --k 5704 --b-layout col
ab "mosaic-96b mosaic-skq" --m 80 --n 1656 --k 2128
ab "mosaic-96b mosaic-skq" --m 123 --n 1760 --k 8344 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 121 --n 1784 --k 3432 --b-layout col
ab "mosaic-96b mosaic-skq" --m 80 --n 1496 --k 4360
ab "mosaic-96b mosaic-skq" --m 121 --n 1456 --k 7064 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 100 --n 1440 --k 1992 --b-layout col
ab "mosaic-96b mosaic-skq" --m 80 --n 1464 --k 2848
ab "mosaic-96b mosaic-skq" --m 97 --n 1720 --k 3632 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 99 --n 1776 --k 7656 --b-layout col
ab "mosaic-96b mosaic-skq" --m 80 --n 2168 --k 7304
ab "mosaic-96b mosaic-skq" --m 125 --n 1776 --k 2584 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 122 --n 1880 --k 3640 --b-layout col
ab "mosaic-96b mosaic-skq" --m 80 --n 1640 --k 2504
ab "mosaic-96b mosaic-skq" --m 121 --n 1840 --k 6168 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 80 --n 2120 --k 6424
ab "mosaic-96b mosaic-skq" --m 105 --n 1888 --k 8280 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 80 --n 1720 --k 1936
ab "mosaic-96b mosaic-skq" --m 105 --n 1424 --k 3448 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 105 --n 1464 --k 6000 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 123 --n 1856 --k 2776 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 97 --n 1544 --k 2072 --dtype bf16
ab "mosaic-96b mosaic-skq" --m 121 --n 1800 --k 4648 --dtype bf16
