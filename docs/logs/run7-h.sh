#!/usr/bin/env bash
# Run 7-h (H200): plans ranked with the H200's figures (--gpu h200: 4.8 TB/s) against run
# 7-g's H100-ranked defaults on the same card, f16 and tf32 LLM suites, and the H200-ranked
# M = 128 kernels verified.   OUT=... bash docs/logs/run7-h.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for a in "--m 128 --n 6144 --k 4096" "--m 128 --n 5120 --k 5120" "--m 128 --n 4096 --k 4096"; do
  log "$a --gpu h200"; $M verify gemm $a --gpu h200 --alpha 1.5 --beta -0.5 --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done
for d in f16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --gpu h200 --target $T --samples 20 > "$OUT/llm-h200-${d%% *}.txt" 2>&1
  log "llm $d --gpu h200"; grep -E "^\|" "$OUT/llm-h200-${d%% *}.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-h200-${d%% *}.txt"
done
