#!/usr/bin/env bash
# Run 31-i (ncu; a lead): where B pairs lose (632x2640x6592, 31-g) and where they win on the
# same 5 x 21 grid of 128x128 tiles (608x2568x7688): one launch of mosaic's kernel, shared
# and `--multicast off`, with speed of light, memory workload and warp states; whole reports
# in $OUT/ncu-i-*.txt.
#   OUT=... bash docs/logs/run31-i.sh
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in 632x2640x6592 608x2568x7688; do
  IFS=x read m n kk <<< "$s"
  for f in "" "--multicast off"; do
    o=$OUT/ncu-i-$s$(echo $f | tr -d ' -').txt
    log "ncu $s $f"
    timeout 40 $NCU --clock-control none --kernel-name mosaic_gemm --launch-skip 2 --launch-count 1 \
      --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section LaunchStats \
      ./.carry-rt/mosaic bench gemm --m $m --n $n --k $kk --target $T --samples 20 $f > $o 2>&1
    grep -E "Duration|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Compute \(SM\) Throughput|Memory Throughput|L2 Hit Rate|Mem Busy|Max Bandwidth|Warp Cycles Per Issued|Stall|Grid Size|Cluster Size" $o | sed -E 's/ +/ /g' | cut -c1-120
  done
done
