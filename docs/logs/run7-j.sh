#!/usr/bin/env bash
# Run 7-j (H100): the final binary's LLM suites again, for the run-to-run spread of the
# geomeans against run 7-d (same default kernels).   OUT=... bash docs/logs/run7-j.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for d in f16 bf16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
  log "llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
done
log "bench 4096^3 f16"; $M bench gemm --m 4096 --n 4096 --k 4096 --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q
