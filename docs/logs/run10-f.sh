#!/usr/bin/env bash
# Run 10-f (H200, then H100): the defaults with 96-column B tiles (column-major B) and the
# split-K wait charged to every split-K grid (10-e's 64x96 split-K 2 plan at 2 CTAs/SM ran
# 0.86x), two interleaved rounds against session 9's kernels; the tf32 suite (column-major B).
#   OUT=... bash docs/logs/run10-f.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
C="--b-layout col"
v --m 128 --n 5120 --k 13824 --dtype f16 $C --alpha 1.5 --beta -0.5
v --m 128 --n 6144 --k 4096 --dtype bf16 $C
for round in 1 2; do
  log "round $round"
  for s in "128 6144 4096 tf32" "128 5120 5120 tf32" "128 6144 4096 f16" "128 6144 4096 bf16" "128 5120 5120 bf16" "128 5120 13824 f16" "128 5120 13824 bf16"; do set -- $s
    bo --m $1 --n $2 --k $3 --dtype $4 $C; b --m $1 --n $2 --k $3 --dtype $4 $C; done
done
$M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 $C --target $T --samples 20 > "$OUT/llm-tf32.txt" 2>&1
log "llm tf32"; grep -E "^\|" "$OUT/llm-tf32.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-tf32.txt"
