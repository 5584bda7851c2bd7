#!/usr/bin/env bash
# Run 13-c (H100): 13-b's best batched plans were the ones without B multicast
# (8 x 1024^3: 128x256 0.98x against 0.83x for the multicast 128x128 default): the same
# plans with `--multicast off`, and with it forced on for the two that had none.
#   OUT=... bash docs/logs/run13-c.sh
. "$(dirname "$0")/run13-lib.sh"
s1="--batch 8 --m 1024 --n 1024 --k 1024"; s2="--batch 32 --m 512 --n 512 --k 512"; s3="--batch 16 --m 1000 --n 1000 --k 1000"
for p in 1 2 3 4; do bb $s1 --plan $p --multicast off; done
for p in 5 6; do bb $s1 --plan $p --multicast on; done
for p in 1 3 6; do bb $s2 --plan $p --multicast off; done
for p in 1 2 4; do bb $s3 --plan $p --multicast off; done
bb --batch 4 --m 4096 --n 4096 --k 4096 --multicast off
bb --batch 4 --m 4096 --n 4096 --k 4096
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col --multicast off
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col
