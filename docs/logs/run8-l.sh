#!/usr/bin/env bash
# Run 8-l (H100): stage descriptors as stage 0's plus one `mad.wide` per k-tile instead of
# re-encoding the stage address (8-k put the M = 4096 gap in the main loop's per-k-tile
# rate). Correctness suites, the kernel families with both alpha/beta settings, and three
# interleaved rounds against the binary before the change (`mosaic-8`, commit 946be70's
# kernels).
#   OUT=... bash docs/logs/run8-l.sh
. "$(dirname "$0")/run8-lib.sh"
OLD=./.carry-rt/mosaic-8
suites_and "--m 3000 --n 2056 --k 1032" "--m 128 --n 4096 --k 4096" "--m 24 --n 1032 --k 1032" "--m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col" "--m 3000 --n 2056 --k 1032 --stream-k on"
versus "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "128 4096 4096" "16 5120 5120"
