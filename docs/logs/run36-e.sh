#!/usr/bin/env bash
# Run 36-e (H200): split-K grids whose k-splits also share operands (`mosaic-skb`: a cluster
# of `split` multicast blocks, rank `s * mcast + place`; `--multicast ab` (2 x 2 blocks) or
# `on` (B over pairs of tile rows) on a split-K plan), the structure of cuBLAS's decode
# kernels of 8-CTA clusters (runs 32-d, 34-b). Verify (ragged, bf16 column-major B, tf32,
# a transposed plan, alpha / beta), two memchecks, then 30 paired samples per variant at seven
# M = 113..128 shapes against the default; order rotated.
#   OUT=... bash docs/logs/run36-e.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-skb"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
r=$(timeout 30 ./.carry-rt/mosaic-skb verify gemm --m 120 --n 1440 --k 8328 --plan 3 --multicast ab --target $T 2>&1 | tail -2)
echo "$r" | grep -q "1 passed, 0 failed" || { echo "first verify failed: $r"; exit 1; }
v --m 120 --n 1440 --k 8328 --plan 2 --multicast on
v --m 120 --n 1440 --k 8328 --plan 4 --multicast on
v --m 120 --n 1440 --k 8328 --plan 5 --multicast ab
for f in "--plan 1 --multicast on" "--plan 3 --multicast ab" "--plan 4 --multicast ab" "--plan 3 --multicast on"; do v --m 113 --n 1000 --k 5000 $f; done
v --m 100 --n 1736 --k 6000 --dtype bf16 --b-layout col --plan 1 --multicast ab
v --m 128 --n 1728 --k 3360 --plan 3 --multicast on
v --m 100 --n 1736 --k 6000 --dtype bf16 --b-layout col --plan 3 --multicast on
v --m 128 --n 1728 --k 3360 --dtype tf32 --b-layout col --plan 1 --multicast ab
v --m 113 --n 1000 --k 5000 --plan 3 --multicast ab --alpha 2 --beta -1
mc --m 113 --n 1000 --k 5000 --plan 3 --multicast ab
mc --m 113 --n 1000 --k 5000 --plan 1 --multicast on
vs "mosaic-skb:-|mosaic-skb:--plan 3|mosaic-skb:--plan 3 --multicast ab|mosaic-skb:--plan 5 --multicast ab|mosaic-skb:--plan 2 --multicast on|mosaic-skb:--plan 4 --multicast on" --m 120 --n 1440 --k 8328
vs "mosaic-skb:-|mosaic-skb:--plan 2|mosaic-skb:--plan 2 --multicast ab|mosaic-skb:--plan 3 --multicast on|mosaic-skb:--plan 7 --multicast ab" --m 119 --n 1752 --k 7400
vs "mosaic-skb:-|mosaic-skb:--plan 1 --multicast ab|mosaic-skb:--plan 1 --multicast on|mosaic-skb:--plan 6 --multicast on" --m 128 --n 1728 --k 3360
vs "mosaic-skb:-|mosaic-skb:--plan 2 --multicast ab|mosaic-skb:--plan 2 --multicast on|mosaic-skb:--plan 5 --multicast on" --m 128 --n 2528 --k 6128
vs "mosaic-skb:-|mosaic-skb:--plan 1 --multicast ab|mosaic-skb:--plan 2 --multicast on" --m 128 --n 1392 --k 2864
vs "mosaic-skb:-|mosaic-skb:--plan 1 --multicast on|mosaic-skb:--plan 2 --multicast ab" --m 128 --n 1104 --k 4608
vs "mosaic-skb:-|mosaic-skb:--plan 1 --multicast on|mosaic-skb:--plan 3 --multicast ab" --m 128 --n 1024 --k 8192
