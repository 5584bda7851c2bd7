#!/usr/bin/env bash
# Run 12-d (H100): `verify bmm` / `bench bmm` (new this session) against cuBLAS's
# strided-batched GEMM: the warp path's batched kernel (grid z = batch) on sm_90a and
# sm_80, every dtype, ragged shapes, alpha / beta, both layouts; memcheck; then times.
#   OUT=... bash docs/logs/run12-d.sh
. "$(dirname "$0")/run12-lib.sh"
MB=$M; M="timeout 90 $MB"
vb() { log "verify bmm $*"; $M verify bmm "$@" 2>&1 | tail -1 | q | cut -c1-220; }
bb() { log "bench bmm $*"; $M bench bmm "$@" --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
for t in sm_90a sm_80; do
  log "suite bmm $t (batch 3)"; $M verify bmm --batch 3 --m 1 --n 1 --k 1 --suite --dtype all --target $t 2>&1 | grep -E "^FAIL|passed|mosaic:"
done
vb --batch 7 --m 1000 --n 777 --k 333 --dtype bf16 --a-layout col --b-layout col --alpha 1.5 --beta -0.5 --target sm_90a
vb --batch 5 --m 513 --n 1000 --k 777 --dtype s8 --alpha 2 --beta -1 --target sm_90a
log "memcheck bmm"; timeout 150 compute-sanitizer --tool memcheck $MB verify bmm --batch 4 --m 1000 --n 1002 --k 1000 --dtype f16 --alpha 2 --beta -1 --target sm_90a 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200
for s in "--batch 8 --m 1024 --n 1024 --k 1024" "--batch 32 --m 512 --n 512 --k 512" "--batch 16 --m 1000 --n 777 --k 333" "--batch 64 --m 256 --n 256 --k 1024"; do
  bb $s --target sm_90a
done
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col --target sm_90a
