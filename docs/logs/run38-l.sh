#!/usr/bin/env bash
# Run 38-l (H200): a lead, not a rule: at the four weak M = 16 shapes of 37-a (lone 64x16
# grids at half the GPU), the default against the transposed split-K plans ranked behind it
# (64x16 split-K 2 in 130 CTAs where it fits; 192x16 and 256x16 split-K 4). `mosaic-38f`.
#   OUT=... bash docs/logs/run38-l.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-38f "-|--plan 2|--plan 6|--plan 9" --m 16 --n 4104 --k 1432
av mosaic-38f "-|--plan 5|--plan 6" --m 16 --n 4280 --k 2536
av mosaic-38f "-|--plan 3|--plan 9" --m 16 --n 4360 --k 2904
av mosaic-38f "-|--plan 5|--plan 7" --m 16 --n 4432 --k 1272
