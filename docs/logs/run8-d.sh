#!/usr/bin/env bash
# Run 8-d (H100): the two decode shapes below 0.9x. tf32 128x5120x13824: the first ranked
# plans (128x64 and 128x128 split-K 2 ran 1.00 and 1.06 in 7-a/7-b, the 7-d default 64x192
# split-K 2 0.86); f16 128x4096x4096: cuBLAS's structure (64x64 tiles, B shared by the two
# m-tiles of a 2-CTA cluster, 13 stages), plan 9 with multicast and deep rings; f16
# 128x5120x13824 plans 1, 6, 8.
#   OUT=... bash docs/logs/run8-d.sh
. "$(dirname "$0")/run8-lib.sh"
for p in 1 2 3 4 7 9; do b --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col --plan $p; done
b --m 128 --n 4096 --k 4096 --dtype f16
for st in 6 10 13; do b --m 128 --n 4096 --k 4096 --dtype f16 --plan 9 --multicast on --stages $st; done
b --m 128 --n 4096 --k 4096 --dtype f16 --plan 9 --stages 13
v --m 128 --n 4096 --k 4096 --dtype f16 --plan 9 --multicast on --stages 13
for p in 1 6 8; do b --m 128 --n 5120 --k 13824 --dtype f16 --plan $p; done
