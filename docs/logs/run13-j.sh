#!/usr/bin/env bash
# Run 13-j (H100): the final binary's sm_90a verify suite over every dtype (its odd-pitch
# shapes take the warp path, whose loader changed in 13-i), and a batched memcheck.
#   OUT=... bash docs/logs/run13-j.sh
. "$(dirname "$0")/run13-lib.sh"
log "suite sm_90a all dtypes"; timeout 420 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype all --target $T 2>&1 | grep -E "^FAIL|passed|mosaic:"
mcb --batch 2 --m 1000 --n 777 --k 333 --dtype f16 --alpha 2 --beta -1
