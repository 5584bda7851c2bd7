#!/usr/bin/env bash
# Run 17-k (H200, inline in the call after 17-j; this file records it): the epilogue
# overlap at 4096^3 on the H200, two rounds.
#   OUT=... bash docs/logs/run17-k.sh
. "$(dirname "$0")/run17-lib.sh"
for r in 1 2; do for o in off 2x128 1x128; do b --m 4096 --n 4096 --k 4096 --epilogue-overlap $o; done; for o in off 2x128; do b --m 4096 --n 4096 --k 4096 --dtype bf16 --epilogue-overlap $o; done; done
