#!/usr/bin/env bash
# Run 10-d (H100): where 4096^3 loses its last 1% (f16) and 1.6% (tf32) to cuBLAS. ncu on
# mosaic's and cuBLAS's kernels, clocks left free: SM clock, tensor-pipe activity, warp
# stalls; then mosaic's f16 kernel's SASS with per-instruction stall samples (top lines).
#   OUT=... bash docs/logs/run10-d.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
MET=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__inst_executed.sum,smsp__inst_executed_pipe_uniform.sum,dram__bytes_read.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
for a in "--dtype f16" "--dtype tf32 --b-layout col"; do
  log "ncu 4096^3 $a (cuBLAS then mosaic)"
  ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 6 --launch-count 2 --metrics $MET --section WarpStateStats $M bench gemm --m 4096 --n 4096 --k 4096 $a --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|Stall|stall|Warp Cycles" | cut -c1-130
done
log "ncu source counters, mosaic 4096^3 f16"
ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --section SourceCounters --export $OUT/src $M bench gemm --m 4096 --n 4096 --k 4096 --target $T --samples 20 > /dev/null 2>&1
ncu --import $OUT/src.ncu-rep --page source --csv --print-source sass > $OUT/src-sass.csv 2>&1
rm -f $OUT/src.ncu-rep
head -2 $OUT/src-sass.csv | cut -c1-400
