#!/usr/bin/env bash
# Run 7-c: transposed warpgroup plans for decode shapes (C^T = B^T A^T, wgmma n = the
# caller's m): correctness on ragged and GEMV-like shapes, memcheck, and the first 10
# ranked plans of five M = 16 shapes.   OUT=... bash docs/logs/run7-c.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for a in "--m 16 --n 4096 --k 4096" "--m 16 --n 4096 --k 4096 --plan 3" "--m 16 --n 4096 --k 4096 --plan 4" "--m 13 --n 1000 --k 1000" \
         "--m 13 --n 1000 --k 1000 --b-layout col" "--m 1 --n 4096 --k 4096" "--m 40 --n 2056 --k 1032 --dtype bf16" \
         "--m 16 --n 6144 --k 4096 --dtype tf32 --b-layout col" "--m 16 --n 28672 --k 4096" "--m 16 --n 4096 --k 14336 --plan 5"; do
  for ab in "" "--alpha 1.5 --beta -0.5"; do
    log "$a $ab"; $M verify gemm $a $ab --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done; done
log memcheck; compute-sanitizer --tool memcheck $M verify gemm --m 13 --n 1000 --k 1000 --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
compute-sanitizer --tool memcheck $M verify gemm --m 16 --n 28672 --k 4096 --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
for s in "16 4096 4096" "16 5120 5120" "16 6144 4096" "16 4096 14336" "16 28672 4096"; do set -- $s
  for p in $(seq 1 10); do log "rank $1x$2x$3 plan $p"; $M bench gemm --m $1 --n $2 --k $3 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; done; done
