#!/usr/bin/env bash
# Run 21-c (H100): where tf32 4096^3 spends its extra joules. 21-a/21-b: mosaic ran 2-3%
# below cuBLAS's clock at the same 698 W, and no planner option closed it (multicast off,
# launch order, 3 stages, 256x128, raster groups all worse). 1) ncu, clocks free, cuBLAS then
# mosaic: cycles, clock, tensor activity, instructions, shared wavefronts, L2 sectors and
# requests, the L2 coalescer, fabric sectors, DRAM bytes read and written. 2) Sustained A/B of
# two diagnostic switches in `mosaic-hack` (docs/logs/run21-hack-env.patch):
# MOSAIC_HACK_L2P=128 (128-byte L2 promotion in every tensor map) and MOSAIC_HACK_SH=50000
# (cuBLAS's 50 us suspend hint on every mbarrier try_wait); unset, the hack builds the
# default kernel.
#   OUT=... bash docs/logs/run21-c.sh
. "$(dirname "$0")/run21-lib.sh"
E_SECS=1.5
H=./.carry-rt/mosaic-hack
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col"
MET=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_ltcfabric.sum,lrc__lrc2xbar_sectors_op_read.sum,lrc__lrc2xbar_sectors_op_read_coalescing_achieved_type_hardware.sum,lrc__lrc2xbar_sectors_op_read_coalescing_achieved_type_programmatic.sum,dram__bytes_read.sum,dram__bytes_write.sum,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y
log "ncu $S (cuBLAS then mosaic)"
timeout 240 ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 6 --launch-count 2 --metrics $MET $MB bench gemm $S --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-140
log "ncu $S, mosaic with MOSAIC_HACK_L2P=128"
MOSAIC_HACK_L2P=128 timeout 120 ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $H bench gemm $S --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-140
MOSAIC_HACK_SH=50000 MOSAIC_HACK_L2P=128 M=$H v $S
for r in 1 2; do
  log "round $r"
  e $S
  MOSAIC_HACK_L2P=128 MB=$H e $S
  MOSAIC_HACK_SH=50000 MB=$H e $S
  MOSAIC_HACK_SH=50000 MOSAIC_HACK_L2P=128 MB=$H e $S
done
