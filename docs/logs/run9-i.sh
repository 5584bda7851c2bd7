#!/usr/bin/env bash
# Run 9-i (H100): the M = 4096 shapes whose default is 128x192 tiles (0.975-0.98x cuBLAS
# f16 in 9-e): a fifth stage (fits with one TMA-store buffer per consumer instead of two)
# and the 128x256 / 256x128 plans, two rounds, f16.
#   OUT=... bash docs/logs/run9-i.sh
. "$(dirname "$0")/run9-lib.sh"
for round in 1 2; do
  log "round $round"
  for s in "4096 6144 4096" "4096 28672 4096" "4096 15360 5120"; do
    read -r sm sn sk <<< "$s"
    b --m $sm --n $sn --k $sk
    b --m $sm --n $sn --k $sk --stages 5
    b --m $sm --n $sn --k $sk --plan 2
  done
  b --m 4096 --n 6144 --k 4096 --plan 3
done
