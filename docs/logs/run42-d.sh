#!/usr/bin/env bash
# Run 42-d: does programmatic dependent launch (the new default, `mosaic-42b`) hold off the
# decode shapes? The default against `--pdl off` at 24 seeded random shapes (seed 423,
# `seeded_shapes.draw`: m, n, k = 2^U(8, 13.2), ragged with probability 0.3; f16).
#   OUT=... bash docs/logs/run42-d.sh; python3 docs/logs/run42-sum.py LOG
. "$(dirname "$0")/run34-lib.sh"
B=mosaic-42b
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
while read -r m n k; do
  av $B "-|--pdl off" --m $m --n $n --k $k
done <<'SHAPES'
1792 7056 7360
568 3120 6976
360 2560 368
6965 336 2240
2192 592 3515
848 1544 3520
2352 520 6247
288 336 1032
336 784 568
1464 448 8208
9157 7376 488
2568 4104 1912
480 4575 462
6704 488 9000
4856 4016 9240
8376 584 624
6994 1312 2448
3688 1088 288
430 7088 1272
1320 2145 944
5128 7545 504
2499 8592 296
656 5480 680
304 3043 1808
SHAPES
