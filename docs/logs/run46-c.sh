#!/usr/bin/env bash
# Run 46-c: short k. 46-a found the aligned small-k defaults behind cuBLAS (3088x2096x272
# 0.773, the 128x160 one-CTA-per-SM plan 5 0.986); ncu there: DRAM wrote 4.8 MB of the 26 MB C
# (C stays in L2 between launches) and the SMs took in their tile loads at ~6.3 TB/s, not the
# model's DRAM bound. A sweep to refit the model on: 32 shapes of seed 461 (m, n 2^U(8, 13.2),
# k 2^U(7, 9.4), each rounded down to a multiple of 8 with probability 0.7), f16, plans 1-6
# of mosaic-46a each (cuBLAS in the same run).
#   OUT=... bash docs/logs/run46-c.sh
#   python3 -c 'import random; random.seed(461); ...' (the draw: see docs/BENCHMARKS.md run 46)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-46a
for s in 3432x1944x616 2334x1168x176 4542x942x443 325x8064x184 3056x3096x244 5200x276x148 3784x1488x192 6240x8592x248 1456x7816x176 1504x5128x624 7417x1968x621 549x1856x144 1216x680x296 1032x834x328 256x2224x144 2641x2168x170 4520x6520x133 3400x1920x296 584x960x320 264x480x184 924x816x384 385x376x200 3327x6152x128 944x432x144 6723x596x137 652x1736x248 9320x2556x291 2808x271x336 1396x7504x504 584x3338x136 534x2224x320 2568x1808x192; do
  IFS=x read m n k <<< "$s"
  vs "$N:-|$N:--plan 2|$N:--plan 3|$N:--plan 4|$N:--plan 5|$N:--plan 6" --m $m --n $n --k $k
done
