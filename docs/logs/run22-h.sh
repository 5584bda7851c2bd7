#!/usr/bin/env bash
# Run 22-h: stream-K at the decode shapes whose default grids leave SMs idle (96 CTAs at
# 128x6144x4096, 80 at 128x5120x5120 and 128x5120x13824, 120 at 128x15360x5120): with
# fewer tiles than SMs the schedule splits every tile's k-range over all the CTAs, so every
# SM pulls B from DRAM (22-g: the row-major decode kernel is bound by DRAM throughput).
# Verify, then two interleaved rounds default / `--stream-k on`.
#   OUT=... bash docs/logs/run22-h.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
SK="--stream-k on"
v --m 128 --n 6144 --k 4096 $SK
v --m 128 --n 5120 --k 13824 --dtype bf16 $SK
for r in 1 2; do
  for nk in "6144 4096" "5120 5120" "5120 13824" "15360 5120"; do
    read -r sn sk <<< "$nk"
    bp 50 --m 128 --n $sn --k $sk
    bp 50 --m 128 --n $sn --k $sk $SK
  done
done
