#!/usr/bin/env bash
# Run 22-k: 128-byte L2 promotion on every tensor map (22-j: +0.5-1% at 128x6144x4096 and
# +3% at 16x6144x4096 against the built 256 bytes) over the whole LLM suites, to see what it
# costs elsewhere. `mosaic-hack` with MOSAIC_HACK_L2P=128 against it unset (the build's
# maps), suite by suite in alternating order. Tables in $OUT/llm-<dtype>-<l2p>.txt.
#   OUT=... bash docs/logs/run22-k.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
H=./.carry-rt/mosaic-hack
suite() {
  local d=$1 l2p=$2
  MOSAIC_HACK_L2P=$l2p timeout 200 $H bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-$d-${l2p:-256}.txt" 2>&1
  log "llm $d L2P=${l2p:-256}"; grep -E "^\|" "$OUT/llm-$d-${l2p:-256}.txt" | cut -d'|' -f3,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-$d-${l2p:-256}.txt"
}
suite f16 ""; suite f16 128
suite bf16 128; suite bf16 ""
