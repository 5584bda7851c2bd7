#!/usr/bin/env bash
# Run 37-i (H200): the final code (`mosaic-final`, 88dcd0d) through the verify suites (f16,
# bf16, tf32), ragged decode shapes each new rule moves, and memcheck of one of each.
#   OUT=... bash docs/logs/run37-i.sh
. "$(dirname "$0")/run34-lib.sh"
M="timeout 200 ./.carry-rt/mosaic-final"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
v --m 119 --n 1752 --k 7400
v --m 121 --n 7800 --k 6280 --dtype bf16
v --m 97 --n 3848 --k 2032 --c-dtype bf16 --dtype bf16
mc --m 121 --n 3912 --k 3128
mc --m 80 --n 1784 --k 8880
