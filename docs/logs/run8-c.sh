#!/usr/bin/env bash
# Run 8-c (H100): stream-K after the owner's partial-tile reads went from one 16-byte load in
# flight per thread to eight: 2048^3 (fits L2), 4096^3, 128x4096x4096 (stream-K plan 5
# against the split-K default), 16x5120x5120 (stream-K default against the same tiles
# without it).
#   OUT=... bash docs/logs/run8-c.sh
. "$(dirname "$0")/run8-lib.sh"
v --m 2048 --n 2048 --k 2048 --plan 2 --stream-k on --alpha 1.5 --beta -0.5
v --m 128 --n 4096 --k 4096 --plan 5
b --m 2048 --n 2048 --k 2048 --plan 2
b --m 2048 --n 2048 --k 2048 --plan 2 --stream-k on
b --m 4096 --n 4096 --k 4096 --stream-k on
b --m 128 --n 4096 --k 4096
b --m 128 --n 4096 --k 4096 --plan 5
b --m 128 --n 4096 --k 4096 --plan 5 --stream-k off
b --m 16 --n 5120 --k 5120
b --m 16 --n 5120 --k 5120 --stream-k off
