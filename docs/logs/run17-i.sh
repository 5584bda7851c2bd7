#!/usr/bin/env bash
# Run 17-i (H100): the straddle charge limited to row-major B and grids of 2+ CTAs per SM
# (after 17-h): the new defaults against the build without it (`.carry-rt/mosaic-old`),
# two interleaved rounds, f16 and bf16; verify of the new defaults; then the verify suites.
#   OUT=... bash docs/logs/run17-i.sh
. "$(dirname "$0")/run17-lib.sh"
OLD="timeout 150 ./.carry-rt/mosaic-old"
for r in 1 2; do
  for a in "--m 2000 --n 2000 --k 1000" "--m 2000 --n 2000 --k 1000 --dtype bf16" "--m 1000 --n 3000 --k 1000" "--m 3000 --n 1000 --k 3000"; do
    bo $a; b $a
  done
done
suites_and "--m 1000 --n 3000 --k 1000" "--m 3000 --n 1000 --k 3000 --dtype bf16" "--m 2048 --n 2000 --k 1024"
