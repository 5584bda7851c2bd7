#!/usr/bin/env bash
# Run 28-e (H100): data for the next model question, grids of two CTAs per SM. Plans 1-4 of
# the final build at five shapes whose default is 64x128 tiles of two CTAs per SM (k from
# 344 to 2816), each against the one-CTA-per-SM plans ranked behind it; 30 paired samples.
#   OUT=... bash docs/logs/run28-e.sh
. "$(dirname "$0")/run28-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for a in "--m 4773 --n 392 --k 472" "--m 2393 --n 2040 --k 344" "--m 4176 --n 1792 --k 1040" \
  "--m 2320 --n 1976 --k 2816 --b-layout col" "--m 2936 --n 1624 --k 1256 --dtype tf32 --b-layout col"; do
  for p in 1 2 3 4; do bx mosaic $a --plan $p; done
done
