#!/usr/bin/env bash
# Run 8-f (H100, the machine of 8-d/8-e): M = 128 suite shapes, the default (plan 1) against
# the same CTA tile with two consumer warpgroups (64 rows each, which the model scores
# equal) and 128x128 split-K 2 with two consumers (8-d/8-e's best at 128x5120x13824), two
# rounds.
#   OUT=... bash docs/logs/run8-f.sh
. "$(dirname "$0")/run8-lib.sh"
for round in 1 2; do
  log "round $round"
  for s in "4096 4096 1 2" "6144 4096 1 2 8" "5120 5120 1 2 8" "5120 13824 1 2 8" "15360 5120 1 3" "4096 14336 1 2"; do
    set -- $s; n=$1; k=$2; shift 2
    for p in "$@"; do b --m 128 --n $n --k $k --dtype f16 --plan $p; done
  done
done
