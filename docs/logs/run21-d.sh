#!/usr/bin/env bash
# Run 21-d: the timed bench's paired ratio (commit ecc9634) at 4096^3 and 8192^3 f16/bf16:
# four calls of 100 samples at 4096^3 and two at 8192^3 per dtype, each line with the ratio
# of medians, the paired median and its 95% interval; then the f16 LLM suite's table with
# the paired column. Kernels are unchanged from run 20 (the statistic is host-side).
#   OUT=... bash docs/logs/run21-d.sh
. "$(dirname "$0")/run21-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
bp() { log "bench --samples $1 ${*:2}"; $M bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
v --m 4096 --n 4096 --k 4096 --dtype f16
for d in f16 bf16; do
  for i in 1 2 3 4; do bp 100 --m 4096 --n 4096 --k 4096 --dtype $d; done
  for i in 1 2; do bp 100 --m 8192 --n 8192 --k 8192 --dtype $d; done
done
log "suite llm f16"
timeout 300 $MB bench gemm --m 1 --n 1 --k 1 --dtype f16 --target $T --suite llm 2>&1 | grep -E "^\||geometric" | tee $OUT/llm-f16.txt
