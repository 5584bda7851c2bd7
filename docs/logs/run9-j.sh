#!/usr/bin/env bash
# Run 9-j (H100): the final kernels (a 2000-cycle tile switch in the model moves
# 4096x6144x4096 and 4096x15360x5120 from 128x192 to 128x256 tiles, all dtypes): bf16
# and tf32 of those two shapes in two interleaved rounds against the binary before
# (`mosaic-9a`, commit 398a50a), then run 9-h (suites, squares, LLM suites).
#   OUT=... bash docs/logs/run9-j.sh
. "$(dirname "$0")/run9-lib.sh"
OLD=./.carry-rt/mosaic-9a
for round in 1 2; do
  log "round $round"
  for a in "--dtype bf16" "--dtype tf32 --b-layout col"; do
    for s in "4096 6144 4096" "4096 15360 5120"; do
      read -r sm sn sk <<< "$s"
      bo --m $sm --n $sn --k $sk $a
      b --m $sm --n $sn --k $sk $a
    done
  done
done
bash "$(dirname "$0")/run9-h.sh"
