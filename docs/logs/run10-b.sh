#!/usr/bin/env bash
# Run 10-b (H100): the lone ring decided in tessellate and priced by the model (bytes in
# flight per DRAM latency, split-K's wait): the 9 default kernels it changes, verified (alpha
# 1.5, beta -0.5) and timed against session 9's (two interleaved rounds, each dtype), a
# memcheck of the new 64x64 unsplit kernel, then the LLM suites of the new binary.
#   OUT=... bash docs/logs/run10-b.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
CH="128:4096:14336:f16 128:4096:14336:bf16 128:4096:14336:tf32 128:4096:4096:tf32 16:4096:4096:f16 16:4096:4096:bf16 16:4096:4096:tf32 16:4096:14336:f16 16:4096:14336:bf16"
args() { IFS=: read -r m n k d <<< "$1"; echo "--m $m --n $n --k $k --dtype $d $([ $d = tf32 ] && echo --b-layout col)"; }
for s in $CH; do v $(args $s) --alpha 1.5 --beta -0.5; done
mc --m 128 --n 4096 --k 14336
mc --m 16 --n 4096 --k 4096
for round in 1 2; do
  log "round $round"
  for s in $CH; do bo $(args $s); b $(args $s); done
done
llm_suites
