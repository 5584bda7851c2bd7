#!/usr/bin/env bash
# Run 23-m: batched GEMMs whose kernels take a B tail map (3-D maps, 96-column tiles of a
# row-major B; the review of run 23 found none built or run): verify plans 2 and 3 of
# 2 x 128x6144x4096 and plan 7 (64x96) of a ragged 3 x 100x6048x1000, memcheck that.
#   OUT=... bash docs/logs/run23-m.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,serial --format=csv,noheader
vb() { log "verify bmm $*"; $M verify bmm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
for d in f16 bf16; do
  vb --batch 2 --m 128 --n 6144 --k 4096 --dtype $d --plan 2
  vb --batch 2 --m 128 --n 6144 --k 4096 --dtype $d --plan 3
  vb --batch 3 --m 100 --n 6048 --k 1000 --dtype $d --plan 7 --alpha 1.5 --beta -0.5
done
log "memcheck bmm 3 x 100x6048x1000 plan 7"; compute-sanitizer --tool memcheck $MB verify bmm --batch 3 --m 100 --n 6048 --k 1000 --plan 7 --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200
