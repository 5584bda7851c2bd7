#!/usr/bin/env bash
# Run 9-m (H200), data for the next session: the one decode shape below 0.9 there (tf32
# 128x6144x4096: 128x64 unsplit default, the transposed 64x128 plan, split-K 2 of 128x128)
# and the model's miss at 128x4096x14336 (split-K 2 default against 64x64 unsplit, plan
# 30; 1.085-1.10 against 1.13-1.15 on the H100 in 9-d), two rounds, final binary.
#   OUT=... bash docs/logs/run9-m.sh
. "$(dirname "$0")/run9-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
for round in 1 2; do
  log "round $round"
  for p in 1 3 4; do b --m 128 --n 6144 --k 4096 --dtype tf32 --b-layout col --plan $p; done
  for p in 1 30; do b --m 128 --n 4096 --k 14336 --plan $p; done
done
