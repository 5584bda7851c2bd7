#!/usr/bin/env bash
# Run 35-g (H200): 128x8320x4344, whose default the split-K refit moved (the model now
# puts 64x128 split-K 2, 260 CTAs, first, and the decode reorder puts the 64x192 2 x 2
# block, 88 CTAs, before it): `mosaic-rs2`'s default (64x128 unsplit, 130 CTAs) against
# `mosaic-sk`'s default and its plan 2 (the split-K grid), 30 paired samples, two rounds.
#   OUT=... bash docs/logs/run35-g.sh; python3 docs/logs/run31-av.py LOG (per build)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for i in 1 2; do vs "mosaic-rs2:-|mosaic-sk:-|mosaic-sk:--plan 2" --m 128 --n 8320 --k 4344; done
