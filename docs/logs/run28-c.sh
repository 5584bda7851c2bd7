#!/usr/bin/env bash
# Run 28-c (H200; with the argument `random` it stops after the random shapes, with `cases`
# it runs only the eight 28-b cases; the first H200 call ran `random`): the final
# build (.carry-rt/mosaic, round-wise L2 term, same binary as 28-b's) against the base build (8f9c93d) at every f16 default that
# moved among 600 fresh seeded random shapes (`python3 docs/logs/run28-sweep.py 34 600`, list
# in run28-sweep34-moved.txt), then (H200 only) eight 28-b cases, gains and losses; 30
# paired samples per build, order rotated. Two verifies of new kinds of defaults first.
#   OUT=... bash docs/logs/run28-c.sh
. "$(dirname "$0")/run28-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
if [ "${1:-}" != cases ]; then
v --m 1598 --n 352 --k 2488
v --m 2648 --n 1952 --k 5728 --dtype bf16
ab "mosaic-base mosaic" --m 2848 --n 2400 --k 592
ab "mosaic-base mosaic" --m 7704 --n 1616 --k 5568
ab "mosaic-base mosaic" --m 5688 --n 664 --k 6456
ab "mosaic-base mosaic" --m 7280 --n 4320 --k 936
ab "mosaic-base mosaic" --m 2320 --n 2080 --k 720
ab "mosaic-base mosaic" --m 1598 --n 352 --k 2488
ab "mosaic-base mosaic" --m 592 --n 7504 --k 2944
ab "mosaic-base mosaic" --m 2368 --n 2200 --k 2808
ab "mosaic-base mosaic" --m 1760 --n 4504 --k 2896
ab "mosaic-base mosaic" --m 2648 --n 1952 --k 5728
ab "mosaic-base mosaic" --m 3547 --n 1448 --k 6376
ab "mosaic-base mosaic" --m 904 --n 5120 --k 904
ab "mosaic-base mosaic" --m 5147 --n 1512 --k 6624
ab "mosaic-base mosaic" --m 7584 --n 584 --k 8768
ab "mosaic-base mosaic" --m 4176 --n 1792 --k 1040
ab "mosaic-base mosaic" --m 456 --n 7016 --k 864
fi
[ "${1:-}" = random ] && exit 0
ab "mosaic-base mosaic" --m 4864 --n 1024 --k 4480
ab "mosaic-base mosaic" --m 3833 --n 3552 --k 3400
ab "mosaic-base mosaic" --m 7136 --n 3264 --k 5832
ab "mosaic-base mosaic" --m 5040 --n 6008 --k 512
ab "mosaic-base mosaic" --m 1656 --n 5928 --k 456
ab "mosaic-base mosaic" --m 5808 --n 1056 --k 5168
ab "mosaic-base mosaic" --m 2320 --n 1976 --k 2816 --b-layout col
ab "mosaic-base mosaic" --m 1776 --n 4496 --k 1760 --dtype tf32 --b-layout col
