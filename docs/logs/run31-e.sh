#!/usr/bin/env bash
# Run 31-e (H100; run 31-f: H200, one round): out of sample for the final rule. This run's
# last build (.carry-rt/mosaic: plain lone grids share B over two or four tile rows, split-K
# grids launch m fastest) against the base (c2c7b41, .carry-rt/mosaic-base) at every
# default whose kernel differs among 600 fresh seeded random f16 shapes (`run30-ptxdiff.py`
# seeds 77, 78) and 150 bf16 (seed 79), and 31-c's shapes that now share over four rows;
# verify and memcheck of four-row kernels.
#   OUT=... [ROUNDS=1] bash docs/logs/run31-e.sh; REF=mosaic-base python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 2536 --n 584 --k 5512 --dtype bf16 --c-dtype bf16
v --m 5176 --n 560 --k 6664
v --m 1023 --n 1832 --k 3240 --alpha 1.5 --beta -0.5
mc --m 4399 --n 360 --k 3496
for r in $(seq ${ROUNDS:-2}); do
  for s in 2038x1448x3904 816x504x7568 919x448x5120 5176x560x6664 736x680x4392 1960x1360x2152 1179x280x6312 5456x400x7840 1408x1824x2648 2880x568x9008 5624x336x9136 976x328x3736 496x4568x2736 1288x1952x5976 5448x600x5408 1680x1072x6896 480x5984x2136 1688x1640x4864 1024x1832x3240 2536x584x5512 7392x504x2648 914x1840x3712 4400x360x3496 4592x336x2488 480x3480x1880 2688x944x5520 4424x528x2376 504x4752x2736 512x5360x2416 3320x472x4040 7376x352x6080; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-base mosaic" --m $m --n $n --k $kk
  done
  for s in 3032x944x8512 963x3680x3800 992x3632x3576 2992x904x9128 632x2640x6592 2119x1264x2800 ; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-base mosaic" --m $m --n $n --k $kk --dtype bf16
  done
done
