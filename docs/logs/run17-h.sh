#!/usr/bin/env bash
# Run 17-h (H100): the model's L2 fill term counting B rows that straddle 128-byte lines
# twice (tessellate `b_straddles`) against the same build without it (`.carry-rt/mosaic-old`;
# both with 128-byte L2 promotion), at every default it changes among the shapes tried,
# two interleaved rounds; then verify of the new defaults.
#   OUT=... bash docs/logs/run17-h.sh
. "$(dirname "$0")/run17-lib.sh"
OLD="timeout 150 ./.carry-rt/mosaic-old"
for r in 1 2; do
  for a in "--m 2000 --n 2000 --k 1000" "--m 2048 --n 2000 --k 1024" "--m 5000 --n 3000 --k 2000" "--m 6000 --n 6000 --k 2000" \
           "--m 8000 --n 8000 --k 1000 --dtype tf32 --b-layout col" "--m 5000 --n 3000 --k 2000 --dtype tf32 --b-layout col" "--m 6000 --n 6000 --k 2000 --dtype tf32 --b-layout col"; do
    bo $a; b $a
  done
done
for a in "--m 2000 --n 2000 --k 1000" "--m 6000 --n 6000 --k 2000" "--m 8000 --n 8000 --k 1000 --dtype tf32 --b-layout col" "--m 5000 --n 3000 --k 2000 --dtype tf32 --b-layout col"; do v $a; done
