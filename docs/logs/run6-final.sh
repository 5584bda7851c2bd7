#!/usr/bin/env bash
# Run 6, final check on the submitted binary: correctness (suites, multicast, split-K incl.
# tf32, memcheck) and speed (square shapes, LLM suites), cuBLAS in the same process.
#   OUT=... bash docs/logs/run6-final.sh   (repo root, binary carried in .carry-rt/)
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/seed.*vs cuBLAS rel/cuBLAS rel/; s/\[20 samples.*//'; }
log() { echo "### $*"; }
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
V="verify gemm --target $T --alpha 1.5 --beta -0.5"
for a in "--m 2100 --n 2056 --k 1032 --multicast on" "--m 2100 --n 2056 --k 1032 --multicast on --a-layout col --b-layout col" \
         "--m 3000 --n 2056 --k 1032 --dtype bf16" "--m 2100 --n 2056 --k 1032 --dtype tf32 --b-layout col --multicast on"; do
  log "$a"; $M $V $a 2>&1 | grep -E "^(ok|FAIL)" | q; done
for s in "16 4096 4096" "128 4096 14336" "100 1000 2048" "16 5120 13824" "128 4096 4096"; do set -- $s
  for p in 1 2 3 4; do log "f16 $1x$2x$3 plan $p"; $M $V --m $1 --n $2 --k $3 --plan $p 2>&1 | grep -E "^(ok|FAIL)" | q; done; done
for s in "16 4096 4096" "128 4096 4096" "256 4096 4096" "16 5120 13824"; do set -- $s
  for p in 1 2 3 4 5 6; do log "tf32 $1x$2x$3 plan $p"; $M $V --m $1 --n $2 --k $3 --dtype tf32 --b-layout col --plan $p 2>&1 | grep -E "^(ok|FAIL|error)|rror" | q; done; done
log memcheck; compute-sanitizer --tool memcheck $M verify gemm --m 16 --n 4096 --k 4096 --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
compute-sanitizer --tool memcheck $M verify gemm --m 2100 --n 2056 --k 1032 --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype bf16" \
         "--m 8192 --n 8192 --k 8192 --dtype bf16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 8192 --n 8192 --k 8192 --dtype tf32 --b-layout col"; do
  log "bench $a"; $M bench gemm $a --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q; done
for d in f16 bf16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
  log "llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
done
