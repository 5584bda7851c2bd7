#!/usr/bin/env bash
# Run 7-b: decode ranking (the DRAM floor scaled by how unevenly CTAs spread over SMs,
# split-K 4 only one CTA per SM, lone rings sized by bytes in flight): correctness of the
# new defaults and of ragged TMA stores, the LLM suites, and 20 ranked plans each of two
# decode shapes for the model's rank correlation.   OUT=... bash docs/logs/run7-b.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for a in "--m 999 --n 1004 --k 1000 --b-layout col" "--m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col" \
         "--m 16 --n 5120 --k 5120" "--m 128 --n 5120 --k 5120" "--m 16 --n 28672 --k 4096" "--m 128 --n 6144 --k 4096" \
         "--m 16 --n 6144 --k 4096 --dtype tf32 --b-layout col" "--m 128 --n 15360 --k 5120 --dtype bf16"; do
  for ab in "" "--alpha 1.5 --beta -0.5"; do
    log "$a $ab"; $M verify gemm $a $ab --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done; done
log memcheck; compute-sanitizer --tool memcheck $M verify gemm --m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
compute-sanitizer --tool memcheck $M verify gemm --m 999 --n 1004 --k 1000 --b-layout col --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
for d in f16 bf16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
  log "llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
done
for s in "16 5120 5120" "128 5120 5120"; do set -- $s
  for p in $(seq 1 20); do log "rank $1x$2x$3 plan $p"; $M bench gemm --m $1 --n $2 --k $3 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; done; done
