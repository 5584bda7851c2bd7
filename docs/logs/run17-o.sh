#!/usr/bin/env bash
# Run 17-o (H100): three consumer warpgroups (192-row tiles, as cuBLAS runs at
# 3072x1024x3072, 17-n): verify, memcheck, then the new defaults against the build without
# them (`.carry-rt/mosaic-old`), two interleaved rounds.
#   OUT=... bash docs/logs/run17-o.sh
. "$(dirname "$0")/run17-lib.sh"
OLD="timeout 150 ./.carry-rt/mosaic-old"
v --m 3072 --n 1024 --k 3072
v --m 3072 --n 1024 --k 3072 --dtype bf16
v --m 3072 --n 1024 --k 3072 --dtype tf32 --b-layout col
v --m 3000 --n 1000 --k 3000 --alpha 1.5 --beta -0.5
v --m 3000 --n 1000 --k 3000 --a-layout col --b-layout col
v --m 1536 --n 1000 --k 1024
mc --m 3000 --n 1000 --k 3000
for r in 1 2; do
  for a in "--m 3072 --n 1024 --k 3072" "--m 3000 --n 1000 --k 3000" "--m 1536 --n 1024 --k 4096" "--m 3000 --n 2048 --k 1024" "--m 6144 --n 1024 --k 1024" "--m 3072 --n 1024 --k 1024" "--m 3072 --n 1024 --k 3072 --dtype bf16" "--m 3072 --n 1024 --k 3072 --dtype tf32 --b-layout col"; do
    bo $a; b $a
  done
done
