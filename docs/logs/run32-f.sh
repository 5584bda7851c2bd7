#!/usr/bin/env bash
# Run 32-f (H100): (1) ring depth of the split-K grids run 32 moved (A's rows all inside M,
# where the 80 KiB rule of decode grids gives 6 stages of 24 KiB): default against
# `--stages 8` and `--stages 9`; (2) decode ties at M = 128: the transposed first plan
# against the plain grid of 64-row tiles in two tile rows, at 15 fresh seeded shapes
# (`MOSAIC=.carry-rt/mosaic python3 docs/logs/run32-tp.py 87 200`).
#   OUT=... bash docs/logs/run32-f.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 680x456x7472 608x504x5680 696x288x4984 536x680x5768 408x656x6112 448x680x4752 503x680x6000 293x1024x4496 304x680x8448 16x2104x8976 64x1952x5656 128x1024x8192; do
  IFS=x read m n kk <<< "$s"
  av mosaic "-|--stages 8|--stages 9" --m $m --n $n --k $kk
done
while read s t p; do
  IFS=x read m n kk <<< "$s"
  av mosaic "--plan $t|--plan $p" --m $m --n $n --k $kk
done <<'LIST'
128x7264x9112 1 2
128x5168x1320 1 4
128x7512x3896 1 2
128x6352x1584 1 2
128x6128x4008 1 2
128x7920x6056 1 2
128x8024x7440 1 2
128x8224x5632 1 4
128x6160x1664 1 4
128x6408x3288 1 4
128x5336x7064 1 2
128x4600x2656 1 2
128x8216x6616 1 4
128x7304x2160 1 4
128x7992x1184 1 4
LIST
