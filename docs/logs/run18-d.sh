#!/usr/bin/env bash
# Run 18-d (H100): cuBLAS's cluster order on mosaic's 4096^3 kernel (hack build: env
# MOSAIC_HACK_ORDER puts run 18-c's table, cluster -> GPC-major logical index, in a .const
# array; MOSAIC_HACK_BAND=W rasters like cuBLAS: bands of W tile columns, column fastest,
# serpentine pair-rows). L2 request-coalescer merges, fabric sectors and time per variant.
#   OUT=... bash docs/logs/run18-d.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
S="--m 4096 --n 4096 --k 4096"
v $S
MOSAIC_HACK_ORDER=1 v $S
MOSAIC_HACK_ORDER=1 MOSAIC_HACK_BAND=11 v $S
MOSAIC_HACK_ORDER=1 MOSAIC_HACK_BAND=11 v --m 4000 --n 4000 --k 4000 --b-layout col
VARS=("X=0" "MOSAIC_HACK_ORDER=1" "MOSAIC_HACK_ORDER=1 MOSAIC_HACK_BAND=11" "MOSAIC_HACK_ORDER=1 MOSAIC_HACK_BAND=8" "MOSAIC_HACK_ORDER=1 MOSAIC_HACK_BAND=4" "MOSAIC_HACK_BAND=11")
MET=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lrc__lrc2xbar_sectors_op_read.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,lts__t_sectors_srcunit_ltcfabric.sum,dram__bytes_read.sum
for e in "${VARS[@]}"; do
  log "ncu 4096^3 f16 $e"
  env $e ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm $S --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
for round in 1 2; do
  for e in "${VARS[@]}"; do env $e bash -c ". docs/logs/run18-lib.sh; b $S --dtype f16 | sed 's/^/[$e] /'"; done
  for e in "X=0" "MOSAIC_HACK_ORDER=1 MOSAIC_HACK_BAND=11"; do env $e bash -c ". docs/logs/run18-lib.sh; b $S --dtype bf16 | sed 's/^/[$e] /'"; done
done
