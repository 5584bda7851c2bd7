#!/usr/bin/env bash
# Run 7-g: the final binary on an H200 — verify suites, memcheck on ragged TMA-store and
# transposed kernels, the square shapes and the LLM suites against cuBLAS in the same process.
#   OUT=... bash docs/logs/run7-g.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
log memcheck; for a in "--m 3000 --n 2056 --k 1032" "--m 24 --n 1032 --k 1032"; do
  compute-sanitizer --tool memcheck $M verify gemm $a --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q | cut -c1-150; done
for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype bf16" \
         "--m 8192 --n 8192 --k 8192 --dtype bf16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 8192 --n 8192 --k 8192 --dtype tf32 --b-layout col"; do
  log "bench $a"; $M bench gemm $a --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q; done
for d in f16 bf16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
  log "llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
done
