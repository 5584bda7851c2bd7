#!/usr/bin/env bash
# Run 6, decode-shape sweep: ranked plans 1-16 (tiles, split-K 2/4, stages 3/4) and stage
# overrides, plus an ncu look at the default plan of 128x4096x4096.
#   OUT=... bash docs/logs/run6-d.sh   (repo root, binary carried in .carry-rt/)
set -u
M=./.carry-rt/mosaic
T=sm_90a
for s in "128 4096 4096" "16 4096 4096" "16 5120 5120"; do
  set -- $s
  for p in $(seq 1 16); do
    echo "## $1x$2x$3 plan $p"; $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 --plan $p 2>&1 | grep "ratio [0-9]"
  done
  for p in 1 2 7; do for st in 6 8; do
    echo "## $1x$2x$3 plan $p stages $st"; $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 --plan $p --stages $st 2>&1 | grep "ratio [0-9]"
  done; done
done
ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy $M bench gemm --m 128 --n 4096 --k 4096 --target $T --samples 20 > $OUT/ncu-decode.txt 2>&1
grep -E "Duration|Throughput|Stall|Warp Cycles|Grid|Cluster Size|Achieved|L2 Hit|Registers" $OUT/ncu-decode.txt
