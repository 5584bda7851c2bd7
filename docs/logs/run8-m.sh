#!/usr/bin/env bash
# Run 8-m (H100): one copy of the consumer code per consumer warpgroup, so the warpgroup
# index (and A's descriptor offset) is an immediate and ptxas keeps A's descriptors in
# uniform registers (8-l's SASS: R2UR pairs and 64-bit carry adds between the HGMMAs).
# Correctness suites, the kernel families with both alpha/beta settings, and three
# interleaved rounds against the binary before the change (`mosaic-8`, commit 946be70's
# kernels).
#   OUT=... bash docs/logs/run8-m.sh
. "$(dirname "$0")/run8-lib.sh"
OLD=./.carry-rt/mosaic-8
suites_and "--m 3000 --n 2056 --k 1032" "--m 128 --n 4096 --k 4096" "--m 24 --n 1032 --k 1032" "--m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col" "--m 3000 --n 2056 --k 1032 --stream-k on" "--m 4096 --n 4096 --k 4096 --dtype bf16"
versus "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "8192 8192 8192" "128 4096 4096" "16 5120 5120"
