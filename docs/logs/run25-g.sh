#!/usr/bin/env bash
# Run 25-g: correctness of the new unpaired defaults (verify against cuBLAS and float64,
# memcheck), the verify suites, and tf32 old against new at two moved shapes.
#   OUT=... bash docs/logs/run25-g.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16 "tf32 --b-layout col"; do log "verify suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
v --m 2048 --n 3072 --k 4096
v --m 2048 --n 3072 --k 4096 --dtype bf16 --c-dtype bf16
v --m 2048 --n 3072 --k 4096 --dtype tf32 --b-layout col
v --m 8320 --n 1024 --k 4096
v --m 8320 --n 1024 --k 4096 --dtype tf32 --b-layout col
v --m 1408 --n 11008 --k 4096 --dtype bf16 --b-layout col
v --m 1152 --n 14336 --k 4096 --a-layout col
v --m 2050 --n 3000 --k 4000
v --m 2050 --n 3000 --k 4000 --alpha 1.5 --beta -0.5
v --m 1150 --n 14000 --k 4096 --dtype f16 --c-dtype f16
mc --m 2050 --n 3000 --k 2000
mc --m 8320 --n 1024 --k 2048 --b-layout col
pair --m 2048 --n 3072 --k 4096 --dtype tf32 --b-layout col
pair --m 1152 --n 14336 --k 4096 --dtype tf32 --b-layout col
pair --m 2050 --n 3000 --k 4000
