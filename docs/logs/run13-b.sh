#!/usr/bin/env bash
# Run 13-b (H100): batched grids counting every batch's tiles for the one-CTA-per-SM rule
# (13-a's build counted one batch's: 32 x 512^3 ran at one CTA per SM), and the top
# plans of three batched shapes, to check the ranking.
#   OUT=... bash docs/logs/run13-b.sh
. "$(dirname "$0")/run13-lib.sh"
vb --batch 32 --m 512 --n 512 --k 512 --dtype f16 --alpha 1.5 --beta -0.5
vb --batch 32 --m 512 --n 512 --k 512 --dtype f16
mcb --batch 32 --m 512 --n 512 --k 488 --dtype f16
for s in "--batch 32 --m 512 --n 512 --k 512" "--batch 8 --m 1024 --n 1024 --k 1024" "--batch 16 --m 1000 --n 1000 --k 1000"; do
  for p in 1 2 3 4 5 6 7; do bb $s --plan $p; done
done
