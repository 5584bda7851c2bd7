#!/usr/bin/env bash
# Run 17-g (H100): the tensor maps with 128-byte L2 promotion (committed): verify at the
# unaligned shapes, then which operand makes N = 2000 slow (17-e) on the 64x128 plan.
#   OUT=... bash docs/logs/run17-g.sh
. "$(dirname "$0")/run17-lib.sh"
v --m 2000 --n 2000 --k 1000
v --m 4000 --n 4000 --k 1000 --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col
for r in 1 2; do
  for a in "" "--tma-store off" "--b-layout col" "--multicast off" "--plan 2" "--raster-group 4"; do b --m 2048 --n 2000 --k 1024 $a; done
  b --m 2048 --n 2048 --k 1024 --b-layout col
  b --m 2000 --n 2000 --k 1000
  b --m 4096 --n 4096 --k 4096
done
