#!/usr/bin/env bash
# Run 16-i (H100): after the review mends (the stream-K epilogue's contributor/owner
# predicates computed once; default kernels byte-identical), the stream-K kernels over both
# epilogue paths and both alpha/beta settings, with memcheck on each path.
#   OUT=... bash docs/logs/run16-i.sh
. "$(dirname "$0")/run16-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
S="--stream-k on"
v --m 4096 --n 4096 --k 4096 $S
v --m 3000 --n 2056 --k 1032 $S --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col $S
v --m 128 --n 128 --k 16384 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S --alpha 1.5 --beta -0.5
v --m 24 --n 1032 --k 1032 $S
mc --m 3000 --n 2056 --k 1032 $S
mc --m 16 --n 5120 --k 5120 --dtype bf16 $S
