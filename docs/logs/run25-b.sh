#!/usr/bin/env bash
# Run 25-b: grids whose odd tile-row count makes B-multicast pairs cost a wave. The build
# (tessellate::generate::pad_costs_wave) also offers the unpaired grid there; the model
# still ranks it below paired 128x192 tiles, on its L2 fill term. Each shape's ranked plans
# (plan numbers from `mosaic plans --top 8` of this build):
#   4224x4096x4096: 1 = 128x192 paired (17 x 22 clusters, 5.7 waves), 2 = 192x128 paired,
#                   3 = 128x256 unpaired (528 tiles, 4.0 waves), 7 = 128x256 paired (4.1);
#   6272x4096x4096: 1 = 128x192 paired, 3 = 128x256 unpaired (784, 5.9), 5 = 128x256 paired;
#   4224x5120x4096: 1 = 128x192 paired, 3 = 128x256 unpaired (660, 5.0), 5 = 128x256 paired.
# Also 128x256 unpaired with A multicast (`--multicast a`) at 4224. Two rounds.
#   OUT=... bash docs/logs/run25-b.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  log "round $r"
  for p in 1 2 3 7; do bpc 20 --m 4224 --n 4096 --k 4096 --plan $p; done
  bpc 20 --m 4224 --n 4096 --k 4096 --plan 3 --multicast a
  for p in 1 3 5; do bpc 20 --m 6272 --n 4096 --k 4096 --plan $p; done
  for p in 1 3 5; do bpc 20 --m 4224 --n 5120 --k 4096 --plan $p; done
  for p in 1 3; do bpc 20 --m 4224 --n 4096 --k 4096 --dtype bf16 --plan $p; done
done
v --m 4224 --n 4096 --k 4096 --plan 3
v --m 6272 --n 4096 --k 4096 --plan 3 --dtype bf16
