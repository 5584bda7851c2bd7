#!/usr/bin/env bash
# Run 16-h (H200): the final build's stream-K kernels on an H200 (verify with the workspace
# check, memcheck), the three default suites as a guard, and 4096^3 / tf32 128x5120x13824
# default against stream-K.
#   OUT=... bash docs/logs/run16-h.sh
. "$(dirname "$0")/run16-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
S="--stream-k on"
v --m 4096 --n 4096 --k 4096 $S
v --m 3000 --n 2056 --k 1032 $S --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col $S
v --m 128 --n 4096 --k 4096 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S
v --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col $S
mc --m 3000 --n 2056 --k 1032 $S
mc --m 24 --n 1032 --k 1032 $S
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col"; do
    b $a
    b $a $S
  done
done
