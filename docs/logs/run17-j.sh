#!/usr/bin/env bash
# Run 17-j (H100, then the same on an H200): the final build (L2 promotion 128 only where a
# row pitch is not a multiple of 256 bytes; the straddle charge; the epilogue overlap):
# verify suites, memcheck, the changed defaults, 4096^3 and the overlap shapes, two rounds.
#   OUT=... bash docs/logs/run17-j.sh
. "$(dirname "$0")/run17-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
suites_and "--m 2000 --n 2000 --k 1000" "--m 4000 --n 4000 --k 1000"
mc --m 2000 --n 2000 --k 1000
for r in 1 2; do
  for s in "4096 4096 4096" "4096 4096 1024" "2000 2000 1000" "4000 4000 1000" "1000 3000 1000" "16 4096 4096"; do set -- $s; b --m $1 --n $2 --k $3; done
  b --m 4096 --n 4096 --k 4096 --dtype bf16
  b --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
done
