#!/usr/bin/env bash
# Run 22-g (ncu): what limits mosaic's decode kernels at 128x6144x4096 f16, where the 128x64
# grid (96 CTAs) and the 64x96 grid (128 CTAs, column-major B) take the same time although
# the latter has 25% less tensor work per SM (22-c..22-f), and cuBLAS's 64x96 kernel is
# 8-10% faster. Speed of light, memory workload and warp states of one launch each;
# whole reports in $OUT/ncu-decode-*.txt.
#   OUT=... bash docs/logs/run22-g.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 128 --n 6144 --k 4096 --dtype f16"
SEC="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section LaunchStats --section Occupancy"
for v in "row:" "col:--b-layout col"; do
  name=${v%%:*}; extra=${v#*:}
  log "ncu $S $extra (cuBLAS, then mosaic)"
  ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 4 --launch-count 2 $SEC \
    $MB bench gemm $S $extra --target $T --samples 20 > $OUT/ncu-decode-$name.txt 2>&1
  grep -E "mosaic_gemm|nvjet|sm90_|Duration|SM Frequency|Memory Throughput|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Compute \(SM\) Throughput|Grid Size|Cluster Size|Registers Per|Warp Cycles Per Issued|Issued Warp Per|No Eligible|Mem Busy|Max Bandwidth|L2 Hit Rate|Mem Pipes Busy" $OUT/ncu-decode-$name.txt | cut -c1-150
done
