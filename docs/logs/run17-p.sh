#!/usr/bin/env bash
# Run 17-p (H200): the 192-row defaults (17-o) on an H200 against the build without them
# (`.carry-rt/mosaic-old`), two interleaved rounds, after a verify.
#   OUT=... bash docs/logs/run17-p.sh
. "$(dirname "$0")/run17-lib.sh"
OLD="timeout 150 ./.carry-rt/mosaic-old"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
v --m 3072 --n 1024 --k 3072
v --m 3000 --n 1000 --k 3000 --alpha 1.5 --beta -0.5
for r in 1 2; do
  for a in "--m 3072 --n 1024 --k 3072" "--m 3072 --n 1024 --k 1024" "--m 6144 --n 1024 --k 1024" "--m 3000 --n 2048 --k 1024" "--m 3072 --n 1024 --k 3072 --dtype tf32 --b-layout col"; do
    bo $a; b $a
  done
done
