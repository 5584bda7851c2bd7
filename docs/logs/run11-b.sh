#!/usr/bin/env bash
# Run 11-b (H100): (1) 4096 x 4096 x 64 / 256 with warpgroup plans (the default there is an
# mma.sync kernel at 0.36-0.43 of cuBLAS in 11-a); (2) where mosaic's 20% more L2 traffic
# at 4096^3 comes from (11-a: 7.28 against 6.07 TB/s at the same DRAM bytes): L2 sectors by
# source (this partition's SMs, the other partition through the L2 fabric) and operation,
# for cuBLAS, the default, multicast off, plan 2 (256x128) and raster groups 4 and 16.
#   OUT=... bash docs/logs/run11-b.sh
. "$(dirname "$0")/run11-lib.sh"
for p in 31 33 37 38 40; do b --m 4096 --n 4096 --k 64 --dtype f16 --plan $p; done
b --m 4096 --n 4096 --k 256 --dtype f16 --plan 2
MET=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_lookup_hit.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
log "ncu 4096^3 f16 (cuBLAS then mosaic default)"
ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet' --launch-skip 6 --launch-count 2 --metrics $MET $M bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-130
for a in "--multicast off" "--plan 2" "--raster-group 4" "--raster-group 16"; do
  log "ncu 4096^3 f16 mosaic $a"
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $M bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 $a --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
