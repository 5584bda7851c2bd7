#!/usr/bin/env bash
# Run 6: split-K 1/2/4 on one tile (128x64, one consumer warpgroup), 4 and 6 stages, and
# whether a wave of 4-CTA clusters fits.  OUT=... bash docs/logs/run6-g.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/ (f16|bf16|f32)\*.*RR? ?[RC]* a=/ a=/; s/\[20 samples.*//'; }
for sp in "128 4096 4096 1 8 11 19 29" "16 4096 14336 1 4 15 22 38"; do set -- $sp
  for p in $4 $5 $6 $7 $8; do echo "## $1x$2x$3 plan $p"; $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 --plan $p 2>&1 | grep "ratio [0-9]" | q; done
done
ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 2 --launch-count 1 --section LaunchStats --section Occupancy --section SpeedOfLight --section WarpStateStats $M bench gemm --m 128 --n 4096 --k 4096 --target $T --samples 20 --plan 1 > $OUT/ncu-split4.txt 2>&1
grep -E "Duration|DRAM Throughput|Cluster Size|Max Active Clusters|Grid Size|Waves|Achieved Occ|Registers Per|Dynamic Shared|stalled" $OUT/ncu-split4.txt
$M verify gemm --m 16 --n 4096 --k 14336 --target $T --plan 4 --alpha 1.5 --beta -0.5 2>&1 | grep -E "^(ok|FAIL)" | q
