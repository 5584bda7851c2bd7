#!/usr/bin/env bash
# Run 10-g (H100, then H200): the final kernels: the square shapes and the tf32 suite
# (column-major B, where 128x6144x4096 now takes 96-column tiles), and the f16 / bf16
# defaults with a column-major B at 128x6144x4096 verified.
#   OUT=... bash docs/logs/run10-g.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
v --m 128 --n 6144 --k 4096 --dtype f16 --b-layout col --alpha 1.5 --beta -0.5
v --m 128 --n 6144 --k 4096 --dtype bf16 --b-layout col
squares
$M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --b-layout col --target $T --samples 20 > "$OUT/llm-tf32.txt" 2>&1
log "llm tf32"; grep -E "^\|" "$OUT/llm-tf32.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-tf32.txt"
