#!/usr/bin/env bash
# Run 28-b (H100): the final build (round-wise L2 term for grids of one CTA per SM,
# TRANSPOSED_FACTOR 1.02; carried as .carry-rt/mosaic) against the base build (8f9c93d) out
# of sample: every f16 default that moved among 1000 fresh seeded random shapes (`python3
# docs/logs/run28-sweep.py 32 400` and `... 33 600`, list in run28-sweep3233-moved.txt),
# 5808x1056x5168 (the one 26-a shape the build loses), and moved shapes in bf16, tf32 with a
# column-major B and f16 with a column-major B; 30 paired samples per build, order rotated.
# Verifies and a memcheck of new defaults first.
#   OUT=... bash docs/logs/run28-b.sh
. "$(dirname "$0")/run28-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 7136 --n 3264 --k 5832
v --m 2936 --n 1624 --k 1256 --dtype bf16 --c-dtype bf16
v --m 2320 --n 1976 --k 2816 --b-layout col
v --m 1776 --n 4496 --k 1760 --dtype tf32 --b-layout col
v --m 3833 --n 3552 --k 3400 --alpha 1.5 --beta -0.5
mc --m 1656 --n 5928 --k 456
ab "mosaic-base mosaic" --m 1568 --n 2880 --k 848
ab "mosaic-base mosaic" --m 6288 --n 544 --k 880
ab "mosaic-base mosaic" --m 2936 --n 1624 --k 1256
ab "mosaic-base mosaic" --m 2964 --n 1552 --k 992
ab "mosaic-base mosaic" --m 7136 --n 3264 --k 5832
ab "mosaic-base mosaic" --m 1361 --n 5248 --k 2944
ab "mosaic-base mosaic" --m 2516 --n 3112 --k 4032
ab "mosaic-base mosaic" --m 890 --n 8472 --k 8040
ab "mosaic-base mosaic" --m 5040 --n 6008 --k 512
ab "mosaic-base mosaic" --m 1920 --n 6880 --k 1856
ab "mosaic-base mosaic" --m 3833 --n 3552 --k 3400
ab "mosaic-base mosaic" --m 1656 --n 5928 --k 456
ab "mosaic-base mosaic" --m 2320 --n 1976 --k 2816
ab "mosaic-base mosaic" --m 4872 --n 2568 --k 5048
ab "mosaic-base mosaic" --m 1776 --n 4496 --k 1760
ab "mosaic-base mosaic" --m 448 --n 4936 --k 688
ab "mosaic-base mosaic" --m 1408 --n 3544 --k 760
ab "mosaic-base mosaic" --m 1224 --n 3448 --k 7560
ab "mosaic-base mosaic" --m 1224 --n 3944 --k 3984
ab "mosaic-base mosaic" --m 5808 --n 1056 --k 5168
ab "mosaic-base mosaic" --m 4864 --n 1024 --k 4480 --dtype bf16
ab "mosaic-base mosaic" --m 2936 --n 1624 --k 1256 --dtype bf16
ab "mosaic-base mosaic" --m 7136 --n 3264 --k 5832 --dtype bf16
ab "mosaic-base mosaic" --m 3833 --n 3552 --k 3400 --dtype bf16
ab "mosaic-base mosaic" --m 2320 --n 1976 --k 2816 --dtype bf16
ab "mosaic-base mosaic" --m 1776 --n 4496 --k 1760 --dtype bf16
ab "mosaic-base mosaic" --m 6792 --n 1040 --k 7696 --dtype bf16
ab "mosaic-base mosaic" --m 1224 --n 3944 --k 3984 --dtype bf16
ab "mosaic-base mosaic" --m 2936 --n 1624 --k 1256 --dtype tf32 --b-layout col
ab "mosaic-base mosaic" --m 3833 --n 3552 --k 3400 --dtype tf32 --b-layout col
ab "mosaic-base mosaic" --m 2320 --n 1976 --k 2816 --dtype tf32 --b-layout col
ab "mosaic-base mosaic" --m 1776 --n 4496 --k 1760 --dtype tf32 --b-layout col
ab "mosaic-base mosaic" --m 6792 --n 1040 --k 7696 --dtype tf32 --b-layout col
ab "mosaic-base mosaic" --m 2320 --n 1976 --k 2816 --b-layout col
ab "mosaic-base mosaic" --m 4864 --n 1024 --k 4480 --b-layout col
ab "mosaic-base mosaic" --m 7136 --n 3264 --k 5832 --b-layout col
