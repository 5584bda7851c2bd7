#!/usr/bin/env bash
# Run 8-h (H100): the decode DRAM-floor change (a B larger than L2 is streamed once per
# row of tiles in a one-wave grid) moves one suite default, tf32 128x5120x13824, from
# 64x192 split-K 2 to 128x64 tiles: three interleaved rounds against the run-7 binary.
#   OUT=... bash docs/logs/run8-h.sh
. "$(dirname "$0")/run8-lib.sh"
v --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col --alpha 1.5 --beta -0.5
for round in 1 2 3; do
  log "round $round"
  bo --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col
  b --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col
done
