#!/usr/bin/env bash
# Run 30-h (H100): a lead, nothing kept. cuBLAS runs 1000x3000x1000 as 200-row tiles along M
# (transposed, 5 x 24 = 120 CTAs; run 17-n). A diagnostic build offering transposed tiles 200
# wide (run30-hack-w200.patch; .carry-rt/mosaic-w200) ranks such a plan third there; timed
# against the default (plan 1) and the plan the final build ranks first, with verify and
# memcheck of the 200-wide kernel. 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run30-h.sh
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-w200"
v --m 1000 --n 3000 --k 1000 --plan 3
v --m 999 --n 3000 --k 3000 --plan 3 --dtype bf16
mc --m 1000 --n 3000 --k 1000 --plan 3
for r in 1 2; do
  av mosaic-w200 "--plan 1|--plan 3" --m 1000 --n 3000 --k 1000
  av mosaic-w200 "--plan 1|--plan 3" --m 1000 --n 3000 --k 3000
  av mosaic-w200 "--plan 1|--plan 5" --m 2000 --n 3000 --k 1000
  av mosaic-w200 "--plan 1|--plan 4" --m 1000 --n 6000 --k 2000
done
