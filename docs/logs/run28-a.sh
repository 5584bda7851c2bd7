#!/usr/bin/env bash
# Run 28-a (H100): the round-wise L2 term (run28-hack-l2.patch on 8f9c93d, carried as
# .carry-rt/mosaic-hack3; wrappers v10 and v102 set TRANSPOSED_FACTOR 1.0 and 1.02) against
# the base build (8f9c93d, run 27's last code) at the run 26-a shapes whose default moves and
# every default that moved among 400 seeded random f16 shapes (`python3
# docs/logs/run28-sweep.py 31 400`, list in run28-sweep31-moved.txt); 30 paired samples per
# build, order rotated per shape.
#   OUT=... bash docs/logs/run28-a.sh
. "$(dirname "$0")/run28-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M=./.carry-rt/v10
v --m 4864 --n 1024 --k 4480
v --m 6792 --n 1040 --k 7696
v --m 4773 --n 392 --k 472
for s in "4864 1024 4480" "2100 2312 3000" "7992 5368 2840" "4696 1664 888" \
  "776 2936 568" "6792 1040 7696" "3043 1680 4840" "304 6784 624" "2160 3272 1024" \
  "1792 2368 2968" "5078 2632 5488" "4773 392 472" "2824 1416 376" "2393 2040 344" \
  "1216 4192 664" "6544 624 2272" "7512 1544 416" "4840 2480 408" "2480 6992 7896" \
  "368 6256 880" "552 5376 3248"; do
  set -- $s; ab "mosaic-base v10" --m $1 --n $2 --k $3
done
ab "mosaic-base v10 v102" --m 3528 --n 2152 --k 1104
