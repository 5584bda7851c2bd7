#!/usr/bin/env bash
# Run 18-o (H100): the final build (after the review mends to the runtime's probe errors):
# the order it probes, verify 4096^3 and the f16 suite, memcheck of an ordered kernel, and
# 4096^3 against `--cluster-order off`, two rounds.
#   OUT=... bash docs/logs/run18-o.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "order 4096^3"; $M verify gemm --m 4096 --n 4096 --k 4096 --target $T 2>&1 | grep -E "cluster order|passed"
log "suite f16"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed"
mc --m 2100 --n 2056 --k 1032 --b-layout col
v --m 4096 --n 4096 --k 1024 --cluster-order on
for round in 1 2; do for a in auto off; do b --m 4096 --n 4096 --k 4096 --cluster-order $a; done; done
