#!/usr/bin/env bash
# Run 21-e: a 16-bit C (`--c-dtype f16` / `bf16`: f32 accumulate, C stored in the inputs'
# type; the TMA-store epilogue stages through stmatrix). verify against cuBLAS (C in 16F /
# 16BF, compute 32F) and the float64 reference: the overlap kernel (4096^3), ragged shapes
# with the TMA store (2100x2312x3000) and direct stores (1000x1004x1000, N*2 not a multiple
# of 16; 1000x777x333, a warp kernel: no TMA for B), alpha/beta, a decode shape, column-major
# operands, bmm; memcheck on the ragged TMA-store shape; then bench at 4096^3, 8192^3 and
# the LLM suite with a 16-bit C, cuBLAS with the same C type.
#   OUT=... bash docs/logs/run21-e.sh
. "$(dirname "$0")/run21-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
bp() { log "bench --samples $1 ${*:2}"; $M bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
for d in f16 bf16; do
  C="--dtype $d --c-dtype $d"
  v --m 4096 --n 4096 --k 4096 $C
  v --m 2100 --n 2312 --k 3000 $C
  v --m 2100 --n 2312 --k 3000 $C --alpha 1.5 --beta -0.5
  v --m 1000 --n 1004 --k 1000 $C --b-layout col
  v --m 1000 --n 777 --k 333 $C --alpha 1.5 --beta -0.5
  v --m 128 --n 6144 --k 4096 $C
  v --m 16 --n 5120 --k 5120 $C --alpha 1.5 --beta -0.5
  v --m 3000 --n 1000 --k 3000 $C --a-layout col --b-layout col
  log "verify bmm $C"; $M verify bmm --batch 3 --m 500 --n 520 --k 264 $C --target $T 2>&1 | tail -1 | q | cut -c1-220
  log "suite $C"; timeout 300 $MB verify gemm --m 1 --n 1 --k 1 --suite $C --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200
done
mc --m 2100 --n 2312 --k 3000 --dtype bf16 --c-dtype bf16
mc --m 1000 --n 1004 --k 1000 --dtype f16 --c-dtype f16 --alpha 1.5 --beta -0.5
for d in f16 bf16; do
  for i in 1 2; do bp 100 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d; done
  bp 50 --m 8192 --n 8192 --k 8192 --dtype $d --c-dtype $d
done
log "suite llm f16 --c-dtype f16"
timeout 300 $MB bench gemm --m 1 --n 1 --k 1 --dtype f16 --c-dtype f16 --target $T --suite llm 2>&1 | grep -E "^\||geometric" | tee $OUT/llm-f16-c16.txt
