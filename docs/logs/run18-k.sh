#!/usr/bin/env bash
# Run 18-k (H100): L2 promotion of the operand tensor maps at 4096^3 with the GPC-major order
# (diagnostic build run18-hack-l2p.patch: env MOSAIC_HACK_L2P = 128 / none overrides the
# 256 bytes aligned pitches get). Run 17-f saw 128 / 64 / none 0.2% ahead of 256 at 4096^3,
# called level then; the gap to cuBLAS is now that size. Three rounds, then ncu.
#   OUT=... bash docs/logs/run18-k.sh
. "$(dirname "$0")/run18-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-l2p"; MB=./.carry-rt/mosaic-l2p
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 4096 --n 4096 --k 4096"
MOSAIC_HACK_L2P=128 v $S
for round in 1 2 3; do
  for d in "--dtype f16" "--dtype bf16" "--dtype tf32 --b-layout col"; do
    for p in 256 128 none; do MOSAIC_HACK_L2P=$p b $S $d | sed "s/^/[L2P $p] /"; done
  done
done
MET=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lrc__lrc2xbar_sectors_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,dram__bytes_read.sum
for p in 256 128; do
  log "ncu 4096^3 f16 L2P $p"
  MOSAIC_HACK_L2P=$p ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm $S --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
