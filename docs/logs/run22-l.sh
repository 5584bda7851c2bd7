#!/usr/bin/env bash
# Run 22-l: the build with 128-byte L2 promotion on lone grids (at most one CTA per SM: the
# decode shapes) and 256 elsewhere, as 22-k suggested. The f16 and bf16 LLM suites against
# the run-21 build (256 everywhere), alternating, and the f16 verify suite.
#   OUT=... bash docs/logs/run22-l.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
suite $BASE f16 run21; suite $MB f16 run22
suite $MB bf16 run22; suite $BASE bf16 run21
log "suite f16"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200
