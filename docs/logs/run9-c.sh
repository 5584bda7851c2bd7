#!/usr/bin/env bash
# Run 9-c (H100): ring depth of lone (decode) grids. Every M = 16 and M = 128 shape of the
# LLM suite, f16: the default kernel, the same plan with the deepest ring that fits
# (`--stages 16`, reduced to fit), and at M = 128 the 64x64 unsplit plan (no multicast)
# with the deepest ring (9-b: 0.969-0.977 at 128x4096x4096 against the default's 0.893).
# Plan numbers from `mosaic plans --top 40` of this binary.
#   OUT=... bash docs/logs/run9-c.sh
. "$(dirname "$0")/run9-lib.sh"
for s in "16 6144 4096" "16 4096 4096" "16 28672 4096" "16 4096 14336" "16 15360 5120" "16 5120 5120" "16 27648 5120" "16 5120 13824"; do
  read -r sm sn sk <<< "$s"
  b --m $sm --n $sn --k $sk
  b --m $sm --n $sn --k $sk --stages 16
done
for s in "128 6144 4096 19" "128 4096 4096 9" "128 28672 4096 8" "128 4096 14336 30" "128 15360 5120 22" "128 5120 5120 21" "128 27648 5120 10" "128 5120 13824 19"; do
  read -r sm sn sk pl <<< "$s"
  b --m $sm --n $sn --k $sk
  b --m $sm --n $sn --k $sk --stages 16
  b --m $sm --n $sn --k $sk --plan $pl --multicast off --stages 16
done
