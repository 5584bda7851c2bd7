#!/usr/bin/env bash
# Run 30-b (H100): is 30-a's orientation effect the launch order? A plain grid launches its
# tiles in groups of 8 tile rows, m fastest; its transposed mirror (kernel m = caller n) with
# at most 8 kernel rows sweeps the caller's n first. `--raster-group 1` gives a plain grid the
# mirror's order (and the mirror the plain one's, where the caller's m has at most 8 tiles).
# Each shape under the plain plan and its mirror, each with and without `--raster-group 1`,
# 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run30-b.sh
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 2279 --n 736 --k 7616 --raster-group 1
while read -r s p t; do
  IFS=x read m n kk <<< "$s"
  av mosaic "--plan $p|--plan $p --raster-group 1|--plan $t|--plan $t --raster-group 1" --m $m --n $n --k $kk
done <<'LIST'
2279x736x7616 1 2
5152x376x1720 1 2
1144x800x5584 1 3
1992x472x744 1 3
3896x984x9376 1 4
1800x1448x3088 1 4
3184x904x864 1 2
4752x1568x3240 2 1
3000x1000x3000 1 2
328x5776x5312 1 4
936x960x1760 1 4
432x1024x3568 1 4
LIST
