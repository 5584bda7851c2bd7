#!/usr/bin/env bash
# Run 9-a2 (H100): 9-a's comparison again, its rounds 2-3 having stopped on a script error
# (`versus` reset "$@"), then run 9-b's decode look.
#   OUT=... bash docs/logs/run9-a2.sh
. "$(dirname "$0")/run9-lib.sh"
versus "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "8192 8192 8192" "128 4096 4096" "16 5120 5120"
