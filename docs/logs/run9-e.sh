#!/usr/bin/env bash
# Run 9-e (H100): the final kernels of run 9 (lone unsplit grids keep 80 KiB of the
# streamed operand in flight; the model's DRAM reach is 1 - exp(-n/16) and split-K waves
# pay a 600-cycle sync): the three verify suites, memcheck on the two new split-free
# decode defaults, the squares and the LLM suites against cuBLAS.
#   OUT=... bash docs/logs/run9-e.sh
. "$(dirname "$0")/run9-lib.sh"
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
v --m 128 --n 4096 --k 4096 --dtype tf32 --b-layout col --alpha 1.5 --beta -0.5
mc --m 128 --n 4096 --k 4096
mc --m 16 --n 4096 --k 4096
squares
llm_suites
