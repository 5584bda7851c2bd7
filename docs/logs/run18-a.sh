#!/usr/bin/env bash
# Run 18-a (H100): where cuBLAS's 16% fewer L2 read sectors at 4096^3 come from (run 11-b:
# 28.2 M against mosaic's 33.4 M, while a 128x256 tile with B shared by a 2-CTA cluster
# needs 33.5 M by count). Lists ncu's L2-request-coalescer (lrc) metrics, then reads the
# L2 and lrc sector counts of cuBLAS and of mosaic with and without multicast and over
# raster groups: if the counts move with launch order at a fixed tile, requests merge
# before L2 and the order that merges most is the lever.
#   OUT=... bash docs/logs/run18-a.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
log "lrc / coalescer metrics (gh100)"
ncu --query-metrics --chip gh100 2>&1 | grep -iE "^lrc|coalesc|multicast" | cut -c1-160 | tee $OUT/lrc-metrics.txt
LRC=$(awk '/^lrc__/{printf ",%s.sum", $1}' $OUT/lrc-metrics.txt)
MET=gpu__time_duration.sum,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,dram__bytes_read.sum$LRC
log "ncu 4096^3 f16: cuBLAS, then mosaic default"
ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet' --launch-skip 6 --launch-count 2 --metrics $MET $MB bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-140
for a in "--multicast off --raster-group 1" "--multicast off --raster-group 8" "--multicast off --raster-group 32" "--raster-group 1" "--raster-group 32" "--plan 2"; do
  log "ncu 4096^3 f16 mosaic $a"
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 $a --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-140
done
