#!/usr/bin/env bash
# Run 35-h (H200): the LLM suite (f16, bf16; row-major A and B, f32 C) with the final build
# (`mosaic-sk`'s kernels; one suite row, 16 x 4096 x 14336, differs from run 34's).
#   OUT=... bash docs/logs/run35-h.sh   # the suite tables are in $OUT/llm-*.txt
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16; do
  log "suite llm $d"
  timeout 130 ./.carry-rt/mosaic-sk bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-$d.txt" 2>&1
  grep -iE "geomean|geometric" "$OUT/llm-$d.txt"
done
