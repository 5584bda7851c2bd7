#!/usr/bin/env bash
# Run 33-a (H100): A and B multicast over 8-CTA clusters of 2 x 4 tiles (`--multicast ab2x4`,
# this run's build) at M = 128: correctness (verify at ragged shapes, f16 / bf16, 16-bit C,
# column-major B, 4 x 2 and 1 x 8 blocks, memcheck), then at nine of run 32-c's weak M = 128
# shapes the default against ab2x4 on each plain two-row plan of 64-row tiles whose clusters
# (at most 15 of 8 are resident on an H100) number 6 to 15, 64x64 also with 13 stages (as
# cuBLAS's 64x64_64x13_4x2 kernel), two rounds.
#   OUT=... bash docs/logs/run33-a.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 100 --n 1000 --k 1000 --multicast ab2x4
v --m 100 --n 1000 --k 1000 --multicast ab2x4 --dtype bf16 --b-layout col
v --m 100 --n 1000 --k 1000 --multicast ab4x2
v --m 100 --n 1000 --k 1000 --multicast ab1x8 --plan 6
v --m 128 --n 2840 --k 4608 --multicast ab2x4 --stages 13
v --m 128 --n 4928 --k 5480 --plan 5 --multicast ab2x4 --c-dtype f16
v --m 1000 --n 3000 --k 1000 --multicast ab2x4
v --m 1000 --n 3000 --k 1000 --multicast ab2x4 --plan 20
mc --m 100 --n 1000 --k 1000 --multicast ab2x4
for round in 1 2; do
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 5 --multicast ab2x4" --m 128 --n 4928 --k 5480
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x4 --stages 13|--plan 2 --multicast ab2x4" --m 128 --n 2840 --k 4608
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 2 --multicast ab2x4" --m 128 --n 8696 --k 2024
  av mosaic "-|--plan 9 --multicast ab2x4|--plan 11 --multicast ab2x4" --m 128 --n 8320 --k 4344
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 5 --multicast ab2x4|--plan 8 --multicast ab2x4" --m 128 --n 5912 --k 2024
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x4 --stages 13|--plan 3 --multicast ab2x4" --m 128 --n 2232 --k 2136
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x4 --stages 13|--plan 2 --multicast ab2x4" --m 128 --n 2912 --k 1224
  av mosaic "-|--plan 1 --multicast ab2x4|--plan 1 --multicast ab2x4 --stages 13|--plan 5 --multicast ab2x4" --m 128 --n 2528 --k 6128
  av mosaic "-|--plan 2 --multicast ab2x4|--plan 6 --multicast ab2x4|--plan 8 --multicast ab2x4" --m 128 --n 5464 --k 1904
done
