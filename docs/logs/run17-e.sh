#!/usr/bin/env bash
# Run 17-e (H100, inline in the call; this file records it): which ragged extent makes
# 2000x2000x1000 slow (17-d), one at a time.
#   OUT=... bash docs/logs/run17-e.sh
. "$(dirname "$0")/run17-lib.sh"
for s in "2000 2000 1024" "2048 2048 1000" "2000 2048 1024" "2048 2000 1024" "2048 2048 1008"; do set -- $s; b --m $1 --n $2 --k $3; done
