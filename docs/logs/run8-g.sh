#!/usr/bin/env bash
# Run 8-g (H100): the final binary (stream-K opt-in; default kernels byte-identical to run
# 7's). Correctness suites of the three dtypes, stream-K kernels forced on (ragged,
# alpha/beta, decode, 4 CTAs/SM) with memcheck on one, and the f16 LLM suite and squares
# for the record.
#   OUT=... bash docs/logs/run8-g.sh
. "$(dirname "$0")/run8-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
v --m 3000 --n 2056 --k 1032 --dtype f16 --stream-k on --alpha 1.5 --beta -0.5
v --m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col --stream-k on
v --m 128 --n 4096 --k 4096 --dtype bf16 --stream-k on
v --m 16 --n 28672 --k 4096 --dtype f16 --stream-k on
v --m 1 --n 4096 --k 4096 --dtype f16 --stream-k on --alpha 1.5 --beta -0.5
mc --m 999 --n 1004 --k 1000 --dtype f16 --b-layout col --stream-k on
b --m 4096 --n 4096 --k 4096 --dtype f16
b --m 8192 --n 8192 --k 8192 --dtype f16
llm_suites
