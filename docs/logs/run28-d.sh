#!/usr/bin/env bash
# Run 28-d (H100): the final build's plans 1 and 2 at 4864x1024x4480, where the model has
# the transposed 128x160 grid (plan 1) 0.07% ahead of 64x128 tiles of two CTAs per SM
# (plan 2, never timed there), in f16 and bf16; 30 paired samples each, two rounds.
#   OUT=... bash docs/logs/run28-d.sh
. "$(dirname "$0")/run28-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for d in f16 bf16; do
    for p in 1 2; do bx mosaic --m 4864 --n 1024 --k 4480 --dtype $d --plan $p; done
  done
done
