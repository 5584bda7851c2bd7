#!/usr/bin/env bash
# Run 22-m: 22-l on an H100 and for tf32: the f16 and tf32 (column-major B) LLM suites,
# run-22 build (128-byte L2 promotion on lone grids) against the run-21 build, alternating.
#   OUT=... bash docs/logs/run22-m.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
suite() {
  local bin=$1 d=$2 tag=$3
  timeout 200 $bin bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}-$tag.txt" 2>&1
  log "llm $d $tag"; grep -E "^\|" "$OUT/llm-${d%% *}-$tag.txt" | cut -d'|' -f3,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}-$tag.txt"
}
suite $BASE f16 run21; suite $MB f16 run22
suite $MB "tf32 --b-layout col" run22; suite $BASE "tf32 --b-layout col" run21
