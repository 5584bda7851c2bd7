#!/usr/bin/env bash
# Run 10-e (H100, then H200): B tiles of 96 columns where B is column-major (K-major), as
# cuBLAS's decode kernels use at 128x6144x4096 (128 CTAs instead of 96). Correctness first
# (alpha 1.5 / beta -0.5, ragged shapes, memcheck), then two interleaved rounds against
# session 9's kernels (`$OLD`) with the same layouts.
#   OUT=... bash docs/logs/run10-e.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
C="--b-layout col"
v --m 128 --n 6144 --k 4096 --dtype tf32 $C --alpha 1.5 --beta -0.5
v --m 128 --n 5120 --k 5120 --dtype tf32 $C
v --m 128 --n 6144 --k 4096 --dtype f16 $C --plan 1 --alpha 1.5 --beta -0.5
v --m 128 --n 6144 --k 4096 --dtype bf16 $C --plan 2 --alpha 1.5 --beta -0.5
v --m 100 --n 6000 --k 4000 --dtype tf32 $C --plan 2 --alpha 1.5 --beta -0.5
v --m 100 --n 6000 --k 4000 --dtype f16 $C --plan 2
v --m 120 --n 5000 --k 5000 --dtype bf16 $C
mc --m 100 --n 6000 --k 4000 --dtype tf32 $C --plan 2
v --m 100 --n 6000 --k 4000 --dtype f16 $C --plan 3
mc --m 128 --n 6144 --k 4096 --dtype f16 $C --plan 2
for round in 1 2; do
  log "round $round"
  for s in "128 6144 4096 tf32" "128 5120 5120 tf32"; do set -- $s
    bo --m $1 --n $2 --k $3 --dtype $4 $C; b --m $1 --n $2 --k $3 --dtype $4 $C; done
  for s in "128 6144 4096 f16" "128 6144 4096 bf16" "128 5120 5120 f16"; do set -- $s
    bo --m $1 --n $2 --k $3 --dtype $4 $C; b --m $1 --n $2 --k $3 --dtype $4 $C --plan 1; b --m $1 --n $2 --k $3 --dtype $4 $C --plan 2; done
done
