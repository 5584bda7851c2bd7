#!/usr/bin/env bash
# Run 19-b: the memory-traffic and loop knobs at 4096^3 in the power-capped sustained
# regime (`--energy 2`), where run 19-a found that turning traffic knobs off costs 0.7-1.4%.
# `mosaic-l2p` is the diagnostic build of run18-hack-l2p.patch (MOSAIC_HACK_L2P=128|none
# sets every map's L2 promotion; unset, it is the build under test).
#   OUT=... bash docs/logs/run19-b.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
MB=./.carry-rt/mosaic-l2p
S="--m 4096 --n 4096 --k 4096"
for round in 1 2; do
  e $S --dtype f16
  MOSAIC_HACK_L2P=128 e $S --dtype f16
  e $S --dtype f16 --epilogue-overlap 2x128
  e $S --dtype f16 --raster-group 4
  e $S --dtype f16 --raster-group 16
done
MOSAIC_HACK_L2P=none e $S --dtype f16
for round in 1 2; do
  e $S --dtype bf16
  MOSAIC_HACK_L2P=128 e $S --dtype bf16
  e $S --dtype bf16 --epilogue-overlap 2x128
done
