#!/usr/bin/env bash
# Run 36-c (H200): two decode rules, experimental, in `mosaic-x` behind variables:
# `mosaic-r1` (MOSAIC_R1=1): decode blocks of 2 x 4 tiles (8-CTA clusters sharing A over four
# tile columns) where the padded grid fits 14 such clusters, instead of 2 x 2 (cuBLAS's
# 128x2840x4608 kernel: 64x64 tiles in 8-CTA clusters, 20% fewer L2 sectors read than
# mosaic's 2 x 2, 36-b);
# `mosaic-r12` (also MOSAIC_R2=1): 96-column decode tiles at any N, blocks of them too.
# 30 paired samples of the three builds (order rotated) at every default either moved among
# seed 152's 200 decode shapes (`A=.carry-rt/mosaic-x B=.carry-rt/mosaic-r1 ROWS=97 python3
# docs/logs/run32-decodediff.py 152 200`: 26; `A=...-r1 B=...-r12`: 25) and four of run
# 32-c's M = 128 shapes; verify first.
#   OUT=... bash docs/logs/run36-c.sh; REF=mosaic-x python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-r12"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 97x2968x4936 113x4808x1560 121x1192x1568 113x4848x3080 105x5528x496 128x2840x4608; do
  IFS=x read m n kk <<< "$s"; v --m $m --n $n --k $kk
done
M="timeout 150 ./.carry-rt/mosaic-r1"
v --m 113 --n 2648 --k 6040 --dtype bf16
v --m 121 --n 3056 --k 3832 --b-layout col
mc --m 113 --n 2648 --k 6040
for s in 97x2968x4936 121x1288x2400 113x2648x6040 113x4808x1560 113x3512x4648 113x6688x3384 121x3056x3832 119x1752x7400 125x8704x1688 128x2056x2416 108x2904x5960 107x3288x4944 121x3352x2632 113x4848x3080 123x2760x2072 113x2152x5600 124x4736x4056 113x1480x3864 97x1880x3232 121x8792x6752 120x1440x8328 113x4648x8152 105x1688x1752 113x1480x3200 113x1384x2440 \
         122x8488x2432 104x5992x1160 113x9296x6224 97x8648x512 121x1192x1568 97x1000x5248 114x976x6368 113x992x3616 121x4424x512 113x1008x8720 121x5032x296 128x1072x6040 113x5640x1056 121x6160x1488 127x4784x1568 121x976x2144 113x4232x992 105x4304x392 97x5304x488 123x4592x256 \
         128x2840x4608 128x4928x5480 128x2232x2136 128x2096x4056; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-x mosaic-r1 mosaic-r12" --m $m --n $n --k $kk
done
