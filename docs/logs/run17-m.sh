#!/usr/bin/env bash
# Run 17-m (H100, inline in the call; this file records it): stream-K against the default
# where a single partial wave of 128x256 tiles leaves SMs idle (96 or 64 tiles), two rounds;
# verify of the stream-K kernels.
#   OUT=... bash docs/logs/run17-m.sh
. "$(dirname "$0")/run17-lib.sh"
for r in 1 2; do for s in "3072 1024 3072" "3000 1000 3000" "2048 1024 4096"; do set -- $s; b --m $1 --n $2 --k $3; b --m $1 --n $2 --k $3 --stream-k on; done; done
v --m 3000 --n 1000 --k 3000 --stream-k on
v --m 3072 --n 1024 --k 3072 --stream-k on
