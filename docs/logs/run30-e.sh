#!/usr/bin/env bash
# Run 30-e (H200): the final build (.carry-rt/mosaic: launch order n fastest on lone grids
# of tiles of 128+ rows whose rows span more of m than the columns of n, transposed ones only
# with at most four tile columns; no multicast factor on transposed grids of at most four
# rounds) against the base build (ede77f4, .carry-rt/mosaic-base), out of sample on another
# card: every f16 default whose PTX differs among 300 fresh seeded random shapes
# (`A=base B=final python3 ptxdiff.py 64 300`: 21), shapes from 30-d, and 16-bit C cases.
# 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run30-e.sh; REF=mosaic-base python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 3000 --n 1000 --k 3000 --dtype bf16 --c-dtype bf16
v --m 2594 --n 1480 --k 8592
v --m 551 --n 5376 --k 3248
for s in 976x400x8384 2594x1480x8592 406x8024x7712 1048x8328x3928 4440x3448x2456 \
  848x760x696 6486x320x7992 4232x2376x4216 7160x328x3568 2384x344x3760 2020x808x952 \
  410x4880x3248 1580x264x5488 807x456x4112 1064x408x8896 2872x528x4280 3005x472x576 \
  4704x264x2264 2552x1280x1704 3592x472x7200 7552x336x1968 \
  3000x1000x3000 552x5376x3248 568x5568x3056 1183x1992x3968 1536x1000x1024 6546x296x5320; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk
done
for s in 3000x1000x3000 552x5376x3248 2594x1480x8592 4232x2376x4216; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk --dtype bf16 --c-dtype bf16
done
