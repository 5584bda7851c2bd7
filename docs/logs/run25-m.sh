#!/usr/bin/env bash
# Run 25-m: stream-K plans (`--stream-k on`, plans 1 and 2 of that ranking) at 25-l's
# narrow-N shapes, whose whole-tile grids leave a large partial wave, 20 samples.
#   OUT=... bash docs/logs/run25-m.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "4864 1024 4480" "5808 1024 5120" "4864 824 4472"; do
  set -- $s
  for p in 1 2; do bpc 20 --m $1 --n $2 --k $3 --stream-k on --plan $p; done
done
v --m 4864 --n 824 --k 4472 --stream-k on
