#!/usr/bin/env bash
# Run 21-g: the final build (review mends: a tile whose warpgroups store an odd number of
# boxes now waits for every staged box before rewriting buffer 0). verify the persistent
# odd-box kernels the review named (4096^3 plans 3, 8 and 13 with a 16-bit C: 128x192,
# 64x192 and 192x64 tiles; 8192^3 plan 11), memcheck one of them, then the f32-C verify
# suites of all three dtypes and the 16-bit C suites (the epilogue changed for both).
#   OUT=... bash docs/logs/run21-g.sh
. "$(dirname "$0")/run21-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for p in 3 8 13; do
  v --m 4096 --n 4096 --k 4096 --dtype f16 --c-dtype f16 --plan $p
  v --m 4096 --n 4096 --k 4096 --dtype bf16 --c-dtype bf16 --plan $p
done
v --m 8192 --n 8192 --k 8192 --dtype f16 --c-dtype f16 --plan 11
v --m 4000 --n 4000 --k 1000 --dtype f16 --c-dtype f16 --plan 3
mc --m 2100 --n 2112 --k 1000 --dtype bf16 --c-dtype bf16 --plan 8
for d in f16 bf16 tf32; do log "suite $d"; timeout 300 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
for d in f16 bf16; do log "suite $d --c-dtype $d"; timeout 300 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --c-dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
for d in f16 bf16; do b --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d; done
