#!/usr/bin/env bash
# Run 31-c (H100): out of sample. This run's build (.carry-rt/mosaic: plain lone grids share
# B where B's rows straddle 128-byte lines and K > 1536; split-K grids launch m fastest)
# against the base (c2c7b41, .carry-rt/mosaic-base) at every default whose kernel differs
# among 600 + 600 seeded random f16 shapes (`run30-ptxdiff.py` seeds 72..75) and 200 bf16
# (seed 76), two rounds in rotated order; verify and memcheck of new kernels; what cuBLAS
# launches at narrow-N lone grids (ncu; reports in $OUT/ncu-*.txt).
#   OUT=... bash docs/logs/run31-c.sh; REF=mosaic-base python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 2536 --n 584 --k 5512
v --m 3896 --n 984 --k 9376 --dtype bf16 --c-dtype bf16
v --m 5333 --n 472 --k 3952 --alpha 1.5 --beta -0.5
v --m 1639 --n 392 --k 6000
mc --m 4400 --n 360 --k 3496
for r in 1 2; do
  for s in 688x416x7896 608x2568x7688 1744x1096x2200 728x2664x2088 1024x1832x3240 720x2280x2176 432x6224x6064 824x2032x2584 2536x584x5512 392x408x4896 7392x504x2648 3248x880x1840 5333x472x3952 914x1840x3712 738x5496x8136 4400x360x3496 8392x264x2016 4592x336x2488 1639x392x6000 2752x1432x4608 480x3480x1880 1264x3088x6600 2688x944x5520 453x320x5200 8032x440x4696 4424x528x2376 504x4752x2736 512x5360x2416 3320x472x4040 400x5856x4584 7376x352x6080 680x2584x2808 2712x760x2688 1360x1392x6176; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-base mosaic" --m $m --n $n --k $kk
  done
  for s in 1640x400x5416 5520x328x3560 704x448x4080 8076x392x4984; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-base mosaic" --m $m --n $n --k $kk --dtype bf16
  done
done
for s in 2872x528x4280 680x456x7472 976x400x8384 4864x824x4472 3896x984x9376 1144x800x5584; do
  IFS=x read m n kk <<< "$s"
  kn --m $m --n $n --k $kk
done
