#!/usr/bin/env bash
# Run 8-k (H100): where the M = 4096 gap is. 4096x4096xK for K = 1024..16384 (the same plan
# at every K: 128x256, persistent, B multicast), mosaic and cuBLAS each fitted to
# time = fixed + per-k-tile * K, twice; the fixed part holds the prologue, pipeline fill and
# exposed epilogues, the slope the main loop's rate.
#   OUT=... bash docs/logs/run8-k.sh
. "$(dirname "$0")/run8-lib.sh"
for round in 1 2; do
  log "round $round"
  for k in 1024 2048 4096 8192 16384; do b --m 4096 --n 4096 --k $k --dtype f16; done
done
