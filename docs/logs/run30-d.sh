#!/usr/bin/env bash
# Run 30-d (H100): the final build (.carry-rt/mosaic: the launch order n fastest on lone
# grids of tiles of 128 rows or more whose rows span more of m than the columns of n, and
# no multicast factor on transposed grids of at most four rounds) against the base build
# (ede77f4, .carry-rt/mosaic-base), out of sample: every f16 default whose PTX differs among
# 300 fresh seeded random shapes (`A=base B=final python3 ptxdiff.py 63 300`: 26), and the
# shapes docs/BENCHMARKS.md cites whose kernels differ (29), with bf16 cases; verify,
# memcheck and the verify suites of the final build. 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run30-d.sh; REF=mosaic-base python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 3071 --n 1000 --k 3064 --dtype bf16
v --m 7205 --n 1168 --k 3720
v --m 456 --n 6752 --k 3976 --dtype bf16 --c-dtype bf16
v --m 2135 --n 840 --k 3400 --alpha 1.5 --beta -0.5
mc --m 3071 --n 1000 --k 3064
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for s in \
  2320x1056x968 \
  7160x304x1112 \
  7205x1168x3720 \
  1320x4656x7272 \
  7264x280x1856 \
  3272x672x3984 \
  934x960x1904 \
  1368x488x6032 \
  2296x864x4304 \
  2135x840x3400 \
  2671x328x648 \
  1536x640x4352 \
  6128x264x688 \
  7880x296x2064 \
  680x456x7472 \
  5560x536x1288 \
  2754x1400x1080 \
  2816x920x1280 \
  1600x1928x6352 \
  7425x296x8048 \
  456x6752x3976 \
  4168x440x4032 \
  3845x648x1064 \
  6546x296x5320 \
  448x4920x1088 \
  4072x504x5688 \
  1000x960x1000 \
  1053x3248x6048 \
  1069x2960x3856 \
  1088x3256x2776 \
  1111x2832x4240 \
  1176x2936x6072 \
  1183x1992x3968 \
  1200x2664x7584 \
  1536x1000x1024 \
  1536x1024x4096 \
  1672x2240x7312 \
  2048x1024x4096 \
  3000x1000x3000 \
  3000x1024x3000 \
  304x6784x624 \
  3071x1000x3064 \
  3072x1024x3000 \
  3288x616x520 \
  368x6256x880 \
  3833x3552x3400 \
  408x8232x8592 \
  448x4936x688 \
  456x7016x864 \
  472x5616x1760 \
  5496x616x3480 \
  552x5376x3248 \
  568x5568x3056 \
  776x4912x1008 \
  848x832x3560 \
  896x3504x8232 \
  ; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk
done
for s in 3000x1000x3000 552x5376x3248 568x5568x3056 2296x864x4304 7880x296x2064 1600x1928x6352; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk --dtype bf16
done
