#!/usr/bin/env bash
# Run 31-b (H100): (1) what cuBLAS launches at narrow-N lone grids (ncu launch statistics;
# whole reports in $OUT/ncu-*.txt); (2) B multicast (`--multicast on`) on lone plain grids
# of tiles at least 128 wide: every such f16 default among seeds 70 and 71 (300 shapes each,
# `run31-lone.py`) and four of 31-a; (3) the launch order: every f16 default that launches
# n fastest among the same shapes (`run31-nfirst.py`), against `--raster-order m`.
#   OUT=... bash docs/logs/run31-b.sh
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
echo "ncu: $NCU"; $NCU --version | tail -1
for s in 2872x528x4280 680x456x7472 976x400x8384 4864x824x4472 3896x984x9376 1144x800x5584; do
  IFS=x read m n kk <<< "$s"
  kn --m $m --n $n --k $kk
done
head -40 $OUT/ncu-m2872n528k4280.txt
s1="1200x1272x944 1337x696x768 1424x536x872 1464x1032x4256 1617x1024x1984 1768x1632x2288 1992x1416x1624 2024x1480x680 2224x1216x3056 2592x672x1464 2640x1408x688 2760x1136x4272 4272x384x1544 428x6224x2320 464x3464x1928 504x3200x1576 5512x768x1392 5600x296x3240 705x2744x3088 752x2312x4072 768x2344x9336 992x2336x824 3896x984x9376 2872x528x4280 5152x376x1720 2279x736x7616"
for s in $s1; do
  IFS=x read m n kk <<< "$s"
  av mosaic "-|--multicast on" --m $m --n $n --k $kk
done
s2="1768x1632x2288 609x6088x1464 1520x256x7848 1262x536x544 640x3736x1128 780x488x5304 3073x272x8008 1296x272x7816 1518x392x2936 304x6912x4224 2731x336x4576 400x392x5288 4272x384x1544 2024x1480x680 4625x264x728 2064x432x3296 2397x632x7160 1745x312x2232 5600x296x3240 2928x448x4336 1617x1024x1984 600x3856x6832 1464x1032x4256 1992x1416x1624 1184x320x5968 440x368x9024 1136x720x1840 2640x1408x688 2592x672x1464 5512x768x1392 2224x1216x3056 754x416x9312 4208x888x3152 4416x312x5776 760x568x4960 280x6672x1200 3504x544x696 2968x400x1128 1230x520x1152 1896x376x1040 272x8152x448 1880x392x4416 2760x1136x4272 4872x320x4744 1232x720x536 944x856x4008 "
for s in $s2; do
  IFS=x read m n kk <<< "$s"
  av mosaic "-|--raster-order m" --m $m --n $n --k $kk
done
