#!/usr/bin/env bash
# Run 7-k (H100): edge cases of transposed plans (M = 1 and 8 with wgmma n = 8 and split-K 4,
# n = 104 and 32, a persistent transposed grid of 16x65536x4096 plan 2) verified, and that
# shape's warp (mma.sync, plan 1) and warpgroup plans timed.   OUT=... bash docs/logs/run7-k.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for a in "--m 8 --n 1032 --k 1032" "--m 1 --n 1032 --k 4096" "--m 100 --n 8192 --k 2048" "--m 32 --n 2048 --k 8192 --b-layout col" \
         "--m 16 --n 65536 --k 4096 --plan 2" "--m 16 --n 65536 --k 4096 --plan 4" "--m 64 --n 4096 --k 4096 --dtype bf16"; do
  for ab in "" "--alpha 1.5 --beta -0.5"; do
    log "$a $ab"; $M verify gemm $a $ab --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done; done
log memcheck; compute-sanitizer --tool memcheck $M verify gemm --m 16 --n 65536 --k 4096 --plan 4 --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q | cut -c1-150
for p in 1 2 3 4 5; do log "16x65536x4096 plan $p"; $M bench gemm --m 16 --n 65536 --k 4096 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q; done
