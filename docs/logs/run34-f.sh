#!/usr/bin/env bash
# Run 34-f (H200): a probe of split-K across A-and-B blocks (cuBLAS's kernel at M = 128 with
# whole-sector rows, 34-b), which mosaic does not build: the 2 x 4 block of 64x96 tiles
# (`mosaic-x96a`, plain 64x96 plan) over the whole K and over half of it, beside the
# default over each; half-K time plus a reduction bounds what a split-K 2 block grid
# (twice the CTAs, each half the k-steps) could reach. 30 paired samples, one round.
#   OUT=... bash docs/logs/run34-f.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
vs "mosaic-r34b:-|mosaic-x96a:--plan 2 --multicast ab2x4|mosaic-x96a:--plan 2 --multicast ab" --m 128 --n 2528 --k 6128
vs "mosaic-r34b:-|mosaic-x96a:--plan 2 --multicast ab2x4|mosaic-x96a:--plan 2 --multicast ab" --m 128 --n 2528 --k 3064
vs "mosaic-r34b:-|mosaic-x96a:--plan 9 --multicast ab2x4" --m 128 --n 1728 --k 3360
vs "mosaic-r34b:-|mosaic-x96a:--plan 4 --multicast ab2x4" --m 128 --n 1728 --k 1680
vs "mosaic-r34b:-|mosaic-x96a:--plan 10 --multicast ab2x4" --m 128 --n 1392 --k 2864
vs "mosaic-r34b:-|mosaic-x96a:--plan 5 --multicast ab2x4" --m 128 --n 1392 --k 1432
