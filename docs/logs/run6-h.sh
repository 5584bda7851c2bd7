#!/usr/bin/env bash
# Run 6: 64x64 split-K 2/4 at 4 and 6 stages on 16x4096x14336, with ncu's cluster occupancy.
#   OUT=... bash docs/logs/run6-h.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/ (f16|bf16|f32)\*.*RR? ?[RC]* a=/ a=/; s/\[20 samples.*//'; }
S="--m 16 --n 4096 --k 14336 --target $T"
for v in "--plan 8" "--plan 9" "--plan 9 --stages 6" "--plan 30" "--plan 11" "--plan 11 --stages 6"; do
  echo "## $v"; $M bench gemm $S --samples 20 $v 2>&1 | grep "ratio [0-9]" | q
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 2 --launch-count 1 --section LaunchStats --section Occupancy $M bench gemm $S --samples 20 $v 2>&1 | grep -E "Cluster Size|Max Active Clusters|Grid Size|Registers Per|Dynamic Shared|Block Limit"
done
