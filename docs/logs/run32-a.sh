#!/usr/bin/env bash
# Run 32-a (H100; 32-b: H200, ROUNDS=1): out of sample for run 32's rule (lone plain grids
# share B only where A's or B's rows straddle 32-byte sectors). This run's build
# (.carry-rt/mosaic) against run 31's final (4a65025, .carry-rt/mosaic-r31) at every
# default that differs among 4000 fresh seeded f16 shapes (run32-pairs.py seed 80) and 2000
# bf16 (seed 81); then run 31's losses and wins that the rule moves (in sample); then the
# five ranked plans at two shapes the model misjudges (680x456x7472, 4864x824x4472).
#   OUT=... [ROUNDS=1] bash docs/logs/run32-a.sh; REF=mosaic-r31 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 1831 --n 912 --k 2224
for r in $(seq ${ROUNDS:-2}); do
  for s in 944x1824x7792 7810x400x2400 1457x1136x3536 4056x752x2512 1208x1296x6160 1816x864x4448 1831x912x2224 1128x3216x3808 2088x1296x1760 1880x976x3296 4649x368x9280 464x3952x7040 752x2672x3456 5376x736x8000 1448x2096x2864 1080x1424x4096 7616x352x3376 1416x1952x9040 3720x752x6832 1008x1888x6832; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-r31 mosaic" --m $m --n $n --k $kk
  done
  for s in 432x3504x4880 4944x368x1856 5368x544x2944 921x2912x5744 456x4000x1744 8229x336x4448 4496x368x7584 488x4432x5104 5568x736x7648 507x4256x5488; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-r31 mosaic" --m $m --n $n --k $kk --dtype bf16
  done
done
echo "=== in sample"
ab "mosaic-r31 mosaic" --m 632 --n 2640 --k 6592 --dtype bf16
for s in 328x5776x5312 914x1840x3712 504x4752x2736 2688x944x5520 1360x1392x6176; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-r31 mosaic" --m $m --n $n --k $kk
done
echo "=== ranked plans"
for s in 680x456x7472 4864x824x4472; do
  IFS=x read m n kk <<< "$s"
  av mosaic "--plan 1|--plan 2|--plan 3|--plan 4|--plan 5" --m $m --n $n --k $kk
done
