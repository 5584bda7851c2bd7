#!/usr/bin/env bash
# Run 7-d: the model after run 7-c (transposed decode plans; fewer streaming SMs pull less
# DRAM bandwidth; a CTA alone on its SM is not slowed by co-residents that are not there):
# correctness (suites, transposed ragged / GEMV / split-K kernels, memcheck), the square
# shapes, the LLM suites, and ranked plans of two more decode shapes.
#   OUT=... bash docs/logs/run7-d.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for a in "--m 24 --n 1032 --k 1032" "--m 1 --n 4096 --k 4096" "--m 16 --n 4096 --k 4096" "--m 16 --n 4096 --k 4096 --dtype tf32 --b-layout col" \
         "--m 40 --n 2056 --k 1032 --dtype bf16 --b-layout col" "--m 128 --n 5120 --k 13824" "--m 128 --n 5120 --k 5120" "--m 16 --n 27648 --k 5120"; do
  for ab in "" "--alpha 1.5 --beta -0.5"; do
    log "$a $ab"; $M verify gemm $a $ab --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done; done
log memcheck; for a in "--m 24 --n 1032 --k 1032" "--m 1 --n 4096 --k 4096" "--m 16 --n 4096 --k 4096"; do
  compute-sanitizer --tool memcheck $M verify gemm $a --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q | cut -c1-150; done
squares
llm_suites
for s in "128 5120 13824" "16 5120 13824"; do set -- $s
  for p in $(seq 1 12); do log "rank $1x$2x$3 plan $p"; $M bench gemm --m $1 --n $2 --k $3 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; done; done
