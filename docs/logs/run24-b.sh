#!/usr/bin/env bash
# Run 24-b: 24-a's 2 x 2 clusters on an H200, where the GPCs may hold more 4-CTA clusters
# than the H100's 30 (120 CTAs); paired benches against the default, interleaved.
#   OUT=... bash docs/logs/run24-b.sh
. "$(dirname "$0")/run24-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4096 --n 4096 --k 4096 --multicast ab
for r in 1 2; do
  for d in f16 bf16; do
    bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d; bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d --multicast ab
  done
done
bpc 20 --m 8192 --n 8192 --k 8192; bpc 20 --m 8192 --n 8192 --k 8192 --multicast ab
