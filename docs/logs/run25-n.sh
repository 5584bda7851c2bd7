#!/usr/bin/env bash
# Run 25-n (ncu): what cuBLAS launches at 4864x1024x4480 f16 (700 TFLOP/s, where mosaic's
# best plan runs 0.84x), and mosaic's default beside it: launch stats, speed of light,
# memory workload and warp states of one launch each; whole report in $OUT/ncu-narrow.txt.
#   OUT=... bash docs/logs/run25-n.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section LaunchStats --section Occupancy"
for S in "--m 4864 --n 1024 --k 4480" "--m 4864 --n 768 --k 4480"; do
  tag=$(echo $S | tr -d ' -' | cut -c1-20)
  log "ncu $S (cuBLAS, then mosaic)"
  ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 4 --launch-count 2 $SEC \
    $MB bench gemm $S --target $T --samples 20 > $OUT/ncu-narrow-$tag.txt 2>&1
  grep -E "mosaic_gemm|nvjet|sm90_|Duration|SM Frequency|DRAM Throughput|L2 Cache Throughput|Compute \(SM\) Throughput|Grid Size|Block Size|Cluster Size|Registers Per|Shared Memory Configuration Size|Dynamic Shared|Warp Cycles Per Issued|Issued Warp Per|No Eligible|L2 Hit Rate|Achieved Occupancy|Waves Per SM" $OUT/ncu-narrow-$tag.txt | cut -c1-150
done
