#!/usr/bin/env bash
# Run 10-h (H100): the verify suites of the final binary (f16, bf16, tf32; f16 and bf16 also
# with a column-major B, where 96-column tiles can be chosen).
#   OUT=... bash docs/logs/run10-h.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for d in f16 bf16; do log "suite $d, column-major B"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --b-layout col --target $T 2>&1 | grep -E "^FAIL|passed"; done
