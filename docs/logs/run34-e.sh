#!/usr/bin/env bash
# Run 34-e (H200): the B-rows block rule (`mosaic-bs`, the final code's kernels) against the
# build before it (`mosaic-r34`) at the 26 defaults it moves among 600 further fresh decode
# shapes (`A=.carry-rt/mosaic-r34 B=.carry-rt/mosaic-bs [ROWS=97] [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED 200`: 122 f16, 123 ROWS=97 bf16, 124 ROWS=97 with a
# 16-bit C), 30 paired samples, builds rotated per shape, one round; then where 4096^3
# stands on this card (f16 and bf16 with an f32 C, 100 paired samples, twice each).
#   OUT=... bash docs/logs/run34-e.sh; REF=mosaic-r34 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-bs"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 97 --n 2488 --k 2432 --c-dtype f16
v --m 121 --n 2200 --k 8000 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 80 --n 1560 --k 5440
ab "mosaic-r34 mosaic-bs" --m 80 --n 2824 --k 1792
ab "mosaic-r34 mosaic-bs" --m 80 --n 2808 --k 1984
ab "mosaic-r34 mosaic-bs" --m 80 --n 1112 --k 1936
ab "mosaic-r34 mosaic-bs" --m 80 --n 3784 --k 2272
ab "mosaic-r34 mosaic-bs" --m 112 --n 2312 --k 5312
ab "mosaic-r34 mosaic-bs" --m 80 --n 1976 --k 4832
ab "mosaic-r34 mosaic-bs" --m 80 --n 1480 --k 2416
ab "mosaic-r34 mosaic-bs" --m 80 --n 2024 --k 4304
ab "mosaic-r34 mosaic-bs" --m 80 --n 2056 --k 5632
ab "mosaic-r34 mosaic-bs" --m 113 --n 3320 --k 7392 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 105 --n 9048 --k 7680 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 97 --n 2216 --k 3344 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 97 --n 2696 --k 1728 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 112 --n 2440 --k 2096 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 121 --n 1976 --k 2064 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 107 --n 3000 --k 6240 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 121 --n 2200 --k 8000 --dtype bf16
ab "mosaic-r34 mosaic-bs" --m 113 --n 1624 --k 9024 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 121 --n 2392 --k 2000 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 97 --n 2488 --k 2432 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 97 --n 2136 --k 2384 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 113 --n 1560 --k 2448 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 119 --n 3016 --k 2048 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 98 --n 2104 --k 1568 --c-dtype f16
ab "mosaic-r34 mosaic-bs" --m 113 --n 1944 --k 4848 --c-dtype f16
for r in 1 2; do
  bp 100 --m 4096 --n 4096 --k 4096
  bp 100 --m 4096 --n 4096 --k 4096 --dtype bf16
done
