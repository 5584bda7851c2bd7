#!/usr/bin/env bash
# Run 37-a (H200): where decode shapes stand, and 128x2912x1224.
# 1. Clusters of 1 to 16 CTAs this GPU holds at once (one CTA per SM).
# 2. M = 128 and M = 16 at 20 fresh seeded (n, k) (seed 165's draws with n, k >= 1024, rounded
#    down to multiples of 8), f16, the run-36 build (`mosaic`, HEAD 41a8af0) against cuBLAS.
# 3. 128x2912x1224 (K <= 1536, 0.81 of cuBLAS in 36-a): what cuBLAS launches (ncu launch
#    statistics), then plans with sharing: plan 1 (64x64, 92 CTAs) bare, B pairs, 2 x 2 and
#    2 x 4 blocks; plan 3 (64x128 split-K 2) bare and sharing B; plan 2 (64x128) in 2 x 2 blocks.
#   OUT=... bash docs/logs/run37-a.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "resident clusters"
python3 docs/logs/run37-clusters.py
for m in 128 16; do
  for s in 4360x2904 1336x1960 4264x5248 8272x6424 1744x2496 1800x7872 1040x3488 1208x2184 1512x4072 1808x2448 1536x8088 8416x4976 2504x1520 5400x1184 1880x3064 1568x3632 4984x3168 4280x2536 7376x2648 4432x1272; do
    IFS=x read n kk <<< "$s"
    bx mosaic --m $m --n $n --k $kk
  done
done
kn --m 128 --n 2912 --k 1224
for r in 1 2; do
  av mosaic "--plan 1|--plan 1 --multicast on|--plan 1 --multicast ab2x2|--plan 1 --multicast ab2x4|--plan 3|--plan 3 --multicast on|--plan 2 --multicast ab2x2" --m 128 --n 2912 --k 1224
done
