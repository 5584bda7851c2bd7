#!/usr/bin/env bash
# Run 7-g: the final binary on an H200 — verify suites, memcheck on ragged TMA-store and
# transposed kernels, the square shapes and the LLM suites against cuBLAS in the same process.
#   OUT=... bash docs/logs/run7-g.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
log memcheck; for a in "--m 3000 --n 2056 --k 1032" "--m 24 --n 1032 --k 1032"; do
  compute-sanitizer --tool memcheck $M verify gemm $a --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q | cut -c1-150; done
squares
llm_suites
