#!/usr/bin/env bash
# Run 31-h (H200; no H100 could be started): the final build against the base (c2c7b41) at the 17 shapes earlier runs
# of docs/BENCHMARKS.md cite whose f16 default this run changed and no 31-* call timed.
#   OUT=... bash docs/logs/run31-h.sh; REF=mosaic-base python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 1000x3000x2000 1000x3000x3000 1680x448x8064 1776x888x7488 1800x1448x3088 2135x840x3400 \
         2594x1480x8592 328x5776x5312 408x3856x8880 504x296x6680 5400x264x3664 5408x480x2192 \
         5488x304x2960 5496x616x3480 5600x584x5616 848x832x3560 912x2960x1984; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk
done
