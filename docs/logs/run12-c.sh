#!/usr/bin/env bash
# Run 12-c (H100): the s8 verify suites after the suite's alpha/beta fix (12-b's s8 suite
# stopped on a 1.5 alpha for an s32 C), on sm_80 and sm_90a, and `--dtype all` on sm_90a.
#   OUT=... bash docs/logs/run12-c.sh
. "$(dirname "$0")/run12-lib.sh"
for t in sm_80 sm_90a; do log "suite $t s8"; timeout 150 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype s8 --target $t 2>&1 | grep -E "^FAIL|passed|mosaic:"; done
log "suite sm_90a all"; timeout 240 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype all --target sm_90a 2>&1 | grep -E "^FAIL|passed|mosaic:"
