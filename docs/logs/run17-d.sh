#!/usr/bin/env bash
# Run 17-d (H100): 2000x2000x1000 f16 ran at 0.59x cuBLAS in 17-c with the default plan
# (64x128 tile, 1 warpgroup, 2 CTAs/SM, persistent, B multicast): which choice costs it.
#   OUT=... bash docs/logs/run17-d.sh
. "$(dirname "$0")/run17-lib.sh"
for s in "2000 2000 1000" "2048 2048 1024"; do set -- $s
  for a in "" "--multicast off" "--persistent off" "--plan 2" "--plan 3" "--stages 6" "--epilogue-overlap off"; do b --m $1 --n $2 --k $3 $a; done
done
