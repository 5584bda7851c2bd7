#!/usr/bin/env bash
# Run 32-i (H200): the final build (.carry-rt/mosaic-final: split-K 4 within the GPU's 4-CTA
# clusters, DECODE_A_ROWS_FACTOR from 107 rows) against the split-K fix alone
# (.carry-rt/mosaic) at every default that differs among 700 fresh seeded f16 shapes of 97
# to 128 rows (`ROWS=97 run32-decodediff.py 91 700`), one round.
#   OUT=... bash docs/logs/run32-i.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 122x8544x5064 121x6200x6824 121x6888x2808 113x4760x3032 123x5224x1384 121x6544x1112 113x6536x2728 121x5304x4008 121x5136x1976 121x5608x3528 122x4760x1896 113x5160x7240 121x5096x1736 107x6512x6920 125x5160x1688 113x4880x4392 121x6744x2712 109x8384x1400 120x4648x2936 113x7272x2632 121x4464x4904 ; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic mosaic-final" --m $m --n $n --k $kk
done
