#!/usr/bin/env bash
# Run 20-c (H200): run 19's H200 sustained figures came from the old schedule (three
# rounds, no warm-up, mosaic first twice; run 20-b). 4096^3 f16 and bf16 with the new
# schedule (`mosaic`) and the old (`mosaic-3r`, same kernels), 2 s runs, two rounds.
#   OUT=... bash docs/logs/run20-c.sh
. "$(dirname "$0")/run19-lib.sh"
R3=./.carry-rt/mosaic-3r
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for d in f16 bf16; do
    e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=$R3 e --m 4096 --n 4096 --k 4096 --dtype $d
  done
done
