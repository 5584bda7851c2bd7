#!/usr/bin/env bash
# Run 8-i (H100): the tf32 LLM suite and correctness suite with the final binary (the
# decode DRAM-floor change; f16 and bf16 defaults are 8-g's).
#   OUT=... bash docs/logs/run8-i.sh
. "$(dirname "$0")/run8-lib.sh"
log "suite tf32"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype tf32 --target $T 2>&1 | grep -E "^FAIL|passed"
$M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --b-layout col --target $T --samples 20 > "$OUT/llm-tf32.txt" 2>&1
log "llm tf32"; grep -E "^\|" "$OUT/llm-tf32.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-tf32.txt"
