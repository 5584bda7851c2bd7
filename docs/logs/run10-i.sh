#!/usr/bin/env bash
# Run 10-i (H100): the final binary (after the review's fix that restored transposed plans
# for M not a multiple of 8): verify suites (f16, bf16, tf32; f16 / bf16 with a column-major
# B), the M = 1 and M = 20 decode kernels with alpha / beta, a memcheck, and their speed.
#   OUT=... bash docs/logs/run10-i.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for d in f16 bf16; do log "suite $d, column-major B"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --b-layout col --target $T 2>&1 | grep -E "^FAIL|passed"; done
v --m 1 --n 4096 --k 4096 --alpha 1.5 --beta -0.5
v --m 20 --n 4096 --k 4096 --dtype bf16 --alpha 1.5 --beta -0.5
mc --m 20 --n 4096 --k 4096
b --m 1 --n 4096 --k 4096
b --m 20 --n 4096 --k 4096
