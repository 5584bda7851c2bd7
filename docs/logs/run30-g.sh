#!/usr/bin/env bash
# Run 30-g (H100): 30-e's five slower order changes (H200) on an H100, two rounds each, the
# final build (.carry-rt/mosaic) against the base (ede77f4, .carry-rt/mosaic-base).
#   OUT=... bash docs/logs/run30-g.sh; REF=mosaic-base python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
for r in 1 2; do
  for s in 976x400x8384 1064x408x8896 2872x528x4280 848x760x696 1580x264x5488; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-base mosaic" --m $m --n $n --k $kk
  done
done
