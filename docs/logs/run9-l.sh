#!/usr/bin/env bash
# Run 9-l (H100): a suspend-time hint (10 ms, as CUTLASS's ClusterBarrier::wait) on every
# mbarrier.try_wait, against the binary without it (`mosaic-9f`, commit c7f7be3's
# kernels): the f16 suite, then three interleaved rounds, f16.
#   OUT=... bash docs/logs/run9-l.sh
. "$(dirname "$0")/run9-lib.sh"
OLD=./.carry-rt/mosaic-9f
log "suite f16"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed"
versus "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "128 4096 4096" "16 5120 5120"
