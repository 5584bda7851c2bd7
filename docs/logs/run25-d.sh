#!/usr/bin/env bash
# Run 25-d: ragged shapes with 33 tile rows, the new default (plan 1: unpaired 128x256)
# against the old one (plan 2 of this build: paired 128x192), two rounds:
#   4200x4000x4000 (M ragged; A and B rows of 8000 bytes straddle 128-byte lines),
#   4200x4096x4096 (M ragged only), 4224x4000x4096 (B rows straddle, N ragged),
#   4224x4096x4000 (A rows straddle).
#   OUT=... bash docs/logs/run25-d.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for s in "4200 4000 4000" "4200 4096 4096" "4224 4000 4096" "4224 4096 4000"; do
    set -- $s
    for p in 1 2; do bpc 20 --m $1 --n $2 --k $3 --plan $p; done
  done
done
