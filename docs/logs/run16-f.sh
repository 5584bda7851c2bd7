#!/usr/bin/env bash
# Run 16-f (H100): after the review of the stream-K change. `verify` now also fails if a
# kernel leaves its workspace (the stream-K flags) dirty; the proxy fences are emitted only
# where the epilogue goes through TMA. Stream-K verify over both epilogue paths, a ragged
# memcheck, and the default kernels' suites as a guard.
#   OUT=... bash docs/logs/run16-f.sh
. "$(dirname "$0")/run16-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
S="--stream-k on"
v --m 4096 --n 4096 --k 4096 $S
v --m 3000 --n 2056 --k 1032 $S --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col $S
v --m 128 --n 128 --k 16384 $S
v --m 128 --n 4096 --k 4096 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S --alpha 1.5 --beta -0.5
v --m 24 --n 1032 --k 1032 $S
v --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col $S
mc --m 24 --n 1032 --k 1032 $S
mc --m 3000 --n 2056 --k 1032 $S
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
b --m 128 --n 128 --k 16384 --dtype f16
b --m 128 --n 128 --k 16384 --dtype f16 $S
b --m 4096 --n 4096 --k 4096 --dtype f16
b --m 4096 --n 4096 --k 4096 --dtype f16 $S
