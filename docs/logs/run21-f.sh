#!/usr/bin/env bash
# Run 21-f: the 16-bit C on another card: verify (the overlap kernel, a ragged TMA-store
# shape with alpha/beta, the bf16 suite), the paired timed ratio at 4096^3 (three calls of
# 100 samples) and 8192^3, sustained under the power cap at 4096^3 (two rounds), and the
# bf16 LLM suite, all with C in the inputs' type and cuBLAS with the same C type.
#   OUT=... bash docs/logs/run21-f.sh
. "$(dirname "$0")/run21-lib.sh"
E_SECS=1.5
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
bp() { log "bench --samples $1 ${*:2}"; $M bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
v --m 4096 --n 4096 --k 4096 --dtype f16 --c-dtype f16
v --m 2100 --n 2312 --k 3000 --dtype bf16 --c-dtype bf16 --alpha 1.5 --beta -0.5
log "suite bf16 --c-dtype bf16"; timeout 300 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype bf16 --c-dtype bf16 --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200
for d in f16 bf16; do
  for i in 1 2 3; do bp 100 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d; done
  bp 50 --m 8192 --n 8192 --k 8192 --dtype $d --c-dtype $d
done
for r in 1 2; do for d in f16 bf16; do e --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d; done; done
log "suite llm bf16 --c-dtype bf16"
timeout 300 $MB bench gemm --m 1 --n 1 --k 1 --dtype bf16 --c-dtype bf16 --target $T --suite llm 2>&1 | grep -E "^\||geometric" | tee $OUT/llm-bf16-c16.txt
