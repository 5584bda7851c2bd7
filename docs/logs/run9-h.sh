#!/usr/bin/env bash
# Run 9-h (H100 and H200, the same script): the final kernels of run 9 (commit c890291:
# session 8's defaults but for the lone-ring rule's 18) — the three verify suites, the
# squares and the LLM suites against cuBLAS.
#   OUT=... bash docs/logs/run9-h.sh
. "$(dirname "$0")/run9-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
squares
llm_suites
