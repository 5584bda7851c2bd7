#!/usr/bin/env bash
# Run 34-k (H200): the A-and-B block rule above 128 rows with a 16-bit C (`--c-dtype f16`,
# the usual LLM-layer GEMM; 34-h timed f32 C): `mosaic-lb` against `mosaic-r34b` at the 15
# defaults it moves among 500 fresh seeded shapes (`A=.carry-rt/mosaic-r34b
# B=.carry-rt/mosaic-lb EXTRA="--c-dtype f16" python3 docs/logs/run30-ptxdiff.py 141 500`),
# 30 paired samples, builds rotated per shape, one round.
#   OUT=... bash docs/logs/run34-k.sh; REF=mosaic-r34b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-lb"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 1527 --n 1720 --k 7064 --c-dtype f16
v --m 421 --n 1832 --k 3256 --c-dtype bf16 --dtype bf16
ab "mosaic-r34b mosaic-lb" --m 1336 --n 472 --k 1568 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 328 --n 3656 --k 1808 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 2232 --n 312 --k 2592 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 462 --n 832 --k 1704 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 3184 --n 456 --k 3992 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 1768 --n 512 --k 6744 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 408 --n 720 --k 1816 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 1496 --n 568 --k 2624 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 421 --n 1832 --k 3256 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 3152 --n 456 --k 1648 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 1527 --n 1720 --k 7064 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 1119 --n 296 --k 2640 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 2384 --n 1136 --k 5016 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 384 --n 1784 --k 2744 --c-dtype f16
ab "mosaic-r34b mosaic-lb" --m 468 --n 728 --k 1912 --c-dtype f16
