#!/usr/bin/env bash
# Run 29-e (H100): the final build (8647f69; .carry-rt/mosaic-final) against run 28's last
# (7efabd9; .carry-rt/mosaic-base) at 3072x1024x3072, the one shape cited in the docs and
# tests whose default moves (192x128 tiles of three warpgroups -> transposed 128x192), with
# 3000x1000x3000 as a control (same plan); verify suites and a ragged memcheck of the final
# build. 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run29-e.sh; python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-final"
v --m 3072 --n 1024 --k 3072
v --m 3071 --n 1000 --k 3064 --dtype bf16
mc --m 2861 --n 1000 --k 1480 --dtype tf32 --b-layout col
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for r in 1 2; do
  for a in "--dtype f16" "--dtype bf16" "--dtype tf32 --b-layout col"; do
    ab "mosaic-base mosaic-final" --m 3072 --n 1024 --k 3072 $a
  done
  ab "mosaic-base mosaic-final" --m 3000 --n 1000 --k 3000
done
