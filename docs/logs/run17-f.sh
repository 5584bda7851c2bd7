#!/usr/bin/env bash
# Run 17-f (H100): unaligned pitches (17-d/e) against the tensor maps' L2 promotion. A
# diagnostic build (docs/logs/run17-hack-l2promotion.patch) takes the promotion of every
# map from MOSAIC_HACK_L2P (none, 64, 128; default 256 bytes, as committed).
#   OUT=... bash docs/logs/run17-f.sh
. "$(dirname "$0")/run17-lib.sh"
for r in 1 2; do
  for s in "2000 2000 1000" "2048 2000 1024" "2048 2048 1024" "4096 4096 4096" "4096 4096 1024" "4000 4000 1000"; do set -- $s
    for p in 256 128 64 none; do export MOSAIC_HACK_L2P=$p; log "L2 promotion $p"; b --m $1 --n $2 --k $3; done
  done
done
