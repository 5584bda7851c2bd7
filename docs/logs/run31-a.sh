#!/usr/bin/env bash
# Run 31-a (H100): the narrow-N lone grids (one CTA per SM, N <= 1024, long K) where mosaic
# runs 0.6-0.9x cuBLAS. What cuBLAS launches there (ncu), and the default against B
# multicast (`--multicast on`), A multicast (`a`) and the other launch order, 30 paired
# samples each, flag sets rotated per shape.
#   OUT=... bash docs/logs/run31-a.sh
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 2872x528x4280 976x400x8384 1580x264x5488 4864x824x4472 1064x408x8896 2279x736x7616; do
  IFS=x read m n kk <<< "$s"
  kn --m $m --n $n --k $kk
done
for s in 2872x528x4280 4864x824x4472 1144x800x5584 5152x376x1720 2279x736x7616 4864x1024x4480 3896x984x9376; do
  IFS=x read m n kk <<< "$s"
  av mosaic "-|--multicast on|--multicast a|--raster-order m" --m $m --n $n --k $kk
done
# Split-K defaults (multicast refused there): the order only.
for s in 976x400x8384 1064x408x8896 1580x264x5488 807x456x4112 680x456x7472; do
  IFS=x read m n kk <<< "$s"
  av mosaic "-|--raster-order m" --m $m --n $n --k $kk
done
# The persistent narrow-N grid of run 25: without multicast, and plain 64x192 tiles.
av mosaic "-|--multicast off|--plan 3" --m 4864 --n 824 --k 4472
