#!/usr/bin/env bash
# Run 32-d (H200): run 32-b's comparison, one round (split-K 4 within the 4-CTA clusters the
# GPU holds); then decode shapes of M = 128 that ran 0.70-0.80x cuBLAS in 32-c: the five
# ranked plans of each, the default against cuBLAS on the H200, and ncu launch statistics of
# cuBLAS's kernel and mosaic's.
#   OUT=... bash docs/logs/run32-d.sh; REF=mosaic-r31 python3 docs/logs/run28-ab.py LOG; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
ROUNDS=1 bash "$(dirname "$0")/run32-b.sh" | tail -n +2
echo "=== decode plans"
for s in 4928x5480 8696x2024 8320x4344 5912x2024 2840x4608; do
  IFS=x read n kk <<< "$s"
  av mosaic "--plan 1|--plan 2|--plan 3|--plan 4|--plan 5" --m 128 --n $n --k $kk
done
echo "=== ncu"
for s in 4928x5480 8696x2024 8320x4344 2840x4608; do
  IFS=x read n kk <<< "$s"
  kn --m 128 --n $n --k $kk
done
