#!/usr/bin/env bash
# Run 8-p: the final binary of this session (commit 4f1a506's kernels) on an H200 — verify suites, memcheck on a
# ragged TMA-store kernel, a transposed one and a stream-K one, the square shapes and the
# LLM suites against cuBLAS in the same process. `--target sm_90a` (the H100's SM count,
# which the H200 shares; plans ranked with the H100's bandwidth, as in 7-g).
#   OUT=... bash docs/logs/run8-p.sh
. "$(dirname "$0")/run8-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
mc --m 3000 --n 2056 --k 1032
mc --m 24 --n 1032 --k 1032
mc --m 3000 --n 2056 --k 1032 --stream-k on
squares
llm_suites
