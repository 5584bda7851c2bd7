# Shared preamble and loops of the run-7 device scripts (sourced; they ran with these lines
# inline): the carried binary, the target, a filter that shortens verify/bench lines,
# section headers, and the square-shape and LLM-suite loops.
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/seed.*vs cuBLAS rel/cuBLAS rel/; s/\[20 samples.*//'; }
log() { echo "### $*"; }

# The square shapes (4096^3, 8192^3) of the three dtypes against cuBLAS.
squares() {
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype bf16" \
           "--m 8192 --n 8192 --k 8192 --dtype bf16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 8192 --n 8192 --k 8192 --dtype tf32 --b-layout col"; do
    log "bench $a"; $M bench gemm $a --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q; done
}

# The LLM suites of the three dtypes, whole tables into $OUT/llm-<dtype>.txt, extra bench
# flags in "$@".
llm_suites() {
  for d in f16 bf16 "tf32 --b-layout col"; do
    $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d "$@" --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
    log "llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
  done
}
