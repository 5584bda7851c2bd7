#!/usr/bin/env bash
# Run 22-n: the final build (694d9a4: 128-byte L2 promotion on lone grids of 16-bit
# operands): the three verify suites, 4096^3 and 8192^3 f16/bf16 paired, and the three LLM
# suites (tables in $OUT/llm-*.txt).
#   OUT=... bash docs/logs/run22-n.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
for d in f16 bf16; do
  bp 100 --m 4096 --n 4096 --k 4096 --dtype $d
  bp 100 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d
  bp 30 --m 8192 --n 8192 --k 8192 --dtype $d
done
llm_suites
