#!/usr/bin/env bash
# Run 17-n (H100): what cuBLAS runs where mosaic's grids leave SMs idle (17-l, 17-m): kernel
# names, grids and times of one launch each (ncu, clocks free), cuBLAS then mosaic.
#   OUT=... bash docs/logs/run17-n.sh
. "$(dirname "$0")/run17-lib.sh"
MET=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum,dram__bytes_read.sum
for s in "3072 1024 3072" "3000 1000 3000" "1000 3000 1000"; do set -- $s
  log "ncu $s f16 (cuBLAS then mosaic)"
  ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90|cutlass' --launch-skip 6 --launch-count 2 --metrics $MET $MB bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-140
done
