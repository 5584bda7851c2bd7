#!/usr/bin/env bash
# Run 22-c: why 22-a's 64x96 tiles of a row-major B (64-byte spans) ran 0.70x where 128x64
# tiles (128-byte spans) run 0.92x at 128x6144x4096 f16: the span against the tile, on both
# B layouts. Two rounds each.
#   OUT=... bash docs/logs/run22-c.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 128 --n 6144 --k 4096 --dtype f16"
for r in 1 2; do
  bpb 50 $S
  bp 50 $S --swizzle 64 --plan 2
  bp 50 $S
  bp 50 $S --swizzle 32 --plan 2
  bp 50 $S --b-layout col
  bp 50 $S --b-layout col --swizzle 64
  bp 50 $S --b-layout col --swizzle 64 --plan 2
done
