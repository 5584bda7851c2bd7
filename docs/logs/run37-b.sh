#!/usr/bin/env bash
# Run 37-b (H200): split-K 4 sharing B over tile-row pairs (8-CTA clusters; 15 fit this
# H200, 37-a) against the defaults at large-K decode shapes, split-K at short K (<= 1536), and
# the fixed cost of a kernel (K of one and four k-tiles). Run-36 build (`mosaic`, HEAD 41a8af0).
#   OUT=... bash docs/logs/run37-b.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  # Split-K 4 of two 64-row tile rows, B shared over the pair: 8-CTA clusters.
  av mosaic "-|--plan 2 --multicast on|--plan 2" --m 128 --n 1536 --k 8088
  av mosaic "-|--plan 5 --multicast on|--plan 5" --m 128 --n 1800 --k 7872
  av mosaic "-|--plan 2 --multicast on" --m 120 --n 1440 --k 8328
  av mosaic "-|--plan 2 --multicast on|--plan 2" --m 119 --n 1752 --k 7400
  # Short K: split-K 2 of wider tiles against the default.
  av mosaic "-|--plan 3" --m 128 --n 2912 --k 1224
  av mosaic "-|--plan 6|--plan 8" --m 128 --n 4432 --k 1272
  av mosaic "-|--plan 7" --m 128 --n 5400 --k 1184
done
# Fixed cost: one and four k-tiles.
for m in 128 16; do for kk in 64 256; do bx mosaic --m $m --n 2912 --k $kk; done; done
kn --m 128 --n 1536 --k 8088
kn --m 128 --n 4432 --k 1272
kn --m 128 --n 8272 --k 6424
kn --m 16 --n 4360 --k 2904
