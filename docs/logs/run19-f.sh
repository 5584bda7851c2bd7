#!/usr/bin/env bash
# Run 19-f (H200): does a 20 us suspend-time hint on the consumers' `full`-barrier waits
# (`mosaic-sh-cons`, which passed verify at 4096^3 in 19-e) change the power, clock or time
# at 4096^3? Two rounds against the default build, timed and sustained (`--energy 2`).
#   OUT=... bash docs/logs/run19-f.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for d in f16 bf16; do
    e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=./.carry-rt/mosaic-sh-cons e --m 4096 --n 4096 --k 4096 --dtype $d
  done
done
