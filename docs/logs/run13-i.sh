#!/usr/bin/env bash
# Run 13-i (H100): the warp-path loader's one-register row guards (ragged M or N; the
# per-chunk guards spilled sm_80 128x128 kernels at 1000x1002x512): sm_80 and sm_89 verify
# suites, ragged shapes with alpha / beta, memcheck, and times against run 12's binary.
#   OUT=... bash docs/logs/run13-i.sh
. "$(dirname "$0")/run13-lib.sh"
for t in sm_80 sm_89; do for d in f16 bf16 tf32 s8; do
  log "suite $t $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $t 2>&1 | grep -E "^FAIL|passed|mosaic:"
done; done
for t in sm_80 sm_89; do
  for s in "--m 1000 --n 1002 --k 512" "--m 1000 --n 1024 --k 4096 --a-layout col" "--m 1024 --n 1002 --k 512 --b-layout col"; do
    log "verify $t $s"; $M verify gemm $s --dtype f16 --alpha 1.5 --beta -0.5 --target $t 2>&1 | tail -1 | q | cut -c1-200
  done
done
log "memcheck sm_80 1000x1002x512"; timeout 200 compute-sanitizer --tool memcheck $MB verify gemm --m 1000 --n 1002 --k 512 --dtype bf16 --target sm_80 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200
for round in 1 2; do
  for t in sm_80 sm_89; do for s in "--m 1000 --n 1002 --k 4096" "--m 4000 --n 4002 --k 4096"; do
    log "bench old $t $s"; $OLD bench gemm $s --dtype f16 --target $t --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
    log "bench new $t $s"; $M bench gemm $s --dtype f16 --target $t --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
  done; done
done
