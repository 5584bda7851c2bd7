#!/usr/bin/env bash
# Run 8-n (H100): 8-m's consumer copies with the warpgroup index taken from %tid again for
# the epilogue (an immediate there made ptxas spill one stream-K kernel); only A's
# descriptor offset stays an immediate. Correctness and three interleaved rounds against
# the kernels before 8-m (`mosaic-8`).
#   OUT=... bash docs/logs/run8-n.sh
. "$(dirname "$0")/run8-lib.sh"
OLD=./.carry-rt/mosaic-8
suites_and "--m 3000 --n 2056 --k 1032" "--m 128 --n 4096 --k 4096" "--m 24 --n 1032 --k 1032" "--m 3000 --n 2056 --k 1032 --stream-k on" "--m 128 --n 4096 --k 4096 --stream-k on --plan 8"
versus "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "128 4096 4096" "16 5120 5120"
