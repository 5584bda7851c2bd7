#!/usr/bin/env bash
# Run 9-a (H100): one empty-barrier arrival per consumer warpgroup and destination CTA
# (CUTLASS's PipelineTmaAsync count) instead of one per consumer warp. Correctness suites,
# the kernel families with alpha/beta, memcheck on multicast / split-K / stream-K kernels,
# and three interleaved rounds against session 8's final binary.
#   OUT=... bash docs/logs/run9-a.sh
. "$(dirname "$0")/run9-lib.sh"
suites_and "--m 3000 --n 2056 --k 1032" "--m 128 --n 4096 --k 4096" "--m 24 --n 1032 --k 1032" "--m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col" "--m 3000 --n 2056 --k 1032 --stream-k on" "--m 4096 --n 4096 --k 4096 --dtype bf16" "--m 16 --n 4096 --k 14336"
mc --m 3000 --n 2056 --k 1032
mc --m 128 --n 4096 --k 4096
mc --m 3000 --n 2056 --k 1032 --stream-k on
versus "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "8192 8192 8192" "128 4096 4096" "16 5120 5120"
