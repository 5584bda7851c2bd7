#!/usr/bin/env bash
# Run 8-e (H100): run-to-run spread of decode kernels. 8-d measured f16 128x5120x13824's
# default at 0.722x cuBLAS where 8-a had 0.987x, and tf32 128x5120x13824's at 0.993x where
# 7-d/7-j had 0.857-0.864x. Three interleaved rounds of the default and 8-d's best plan of
# three shapes.
#   OUT=... bash docs/logs/run8-e.sh
. "$(dirname "$0")/run8-lib.sh"
for round in 1 2 3; do
  log "round $round"
  b --m 128 --n 5120 --k 13824 --dtype f16
  b --m 128 --n 5120 --k 13824 --dtype f16 --plan 8
  b --m 128 --n 4096 --k 4096 --dtype f16
  b --m 128 --n 4096 --k 4096 --dtype f16 --plan 9 --stages 13
  b --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col
  b --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col --plan 9
done
