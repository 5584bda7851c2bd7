# Shared preamble of the run-22 device scripts (sourced): run 21's helpers (`v`, `b`, `mc`,
# `e`, `ab_rounds`, `log`, `q`, `llm_suites`; `$M` / `$MB` the carried build, `$T` =
# sm_90a), plus `bp` (bench with N paired samples) and `bpb`, the same with `$BASE`, the
# run-21 build (df2e2bb) carried beside it.
. "$(dirname "${BASH_SOURCE[0]}")/run21-lib.sh"
BASE=./.carry-rt/mosaic-base
# bp SAMPLES ARGS...: the carried build's timed line with SAMPLES paired samples.
bp() { log "bench --samples $1 ${*:2}"; $M bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
# bpb SAMPLES ARGS...: the same with the run-21 build.
bpb() { log "bench (run-21 build) --samples $1 ${*:2}"; timeout 150 $BASE bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
# suite BIN "DTYPE [FLAGS]" TAG: one LLM suite of BIN, the table in $OUT/llm-<dtype>-TAG.txt
# and its ratio column on one line (22-l and 22-m ran this inline).
suite() {
  local bin=$1 d=$2 tag=$3
  timeout 200 $bin bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}-$tag.txt" 2>&1
  log "llm $d $tag"; grep -E "^\|" "$OUT/llm-${d%% *}-$tag.txt" | cut -d'|' -f3,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}-$tag.txt"
}
