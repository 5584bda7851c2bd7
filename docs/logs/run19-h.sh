#!/usr/bin/env bash
# Run 19-h (the H100 of 19-g): with the producer's branch fixed, a suspend-time hint works
# (19-g). Does it save energy? `mosaic-sh20u2` / `mosaic-sh10m2`: the fixed build with a
# 20 us / 10 ms (CUTLASS's) hint on every barrier wait. Timed and sustained, two rounds.
#   OUT=... bash docs/logs/run19-h.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "verify (mosaic-sh10m2) f16 suite"
timeout 120 ./.carry-rt/mosaic-sh10m2 verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed"
for r in 1 2; do
  for d in f16 bf16; do
    e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=./.carry-rt/mosaic-sh20u2 e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=./.carry-rt/mosaic-sh10m2 e --m 4096 --n 4096 --k 4096 --dtype $d
  done
done
