#!/usr/bin/env bash
# Run 9-g (H200): 128x4096x4096, where 9-f measured the new unsplit defaults below run 8's
# split-K ones on this GPU (f16 0.927 against 0.966, tf32 0.887 against 1.009 in 8-p):
# the new default (plan 1), the split-K 2 plan it replaced, and (f16) the 64x64 unsplit plan
# (0.99 on the H100 in 9-d), two rounds.
#   OUT=... bash docs/logs/run9-g.sh
. "$(dirname "$0")/run9-lib.sh"
for round in 1 2; do
  log "round $round"
  for p in 1 5 9; do b --m 128 --n 4096 --k 4096 --plan $p; done
  for p in 1 4; do b --m 128 --n 4096 --k 4096 --dtype tf32 --b-layout col --plan $p; done
done
