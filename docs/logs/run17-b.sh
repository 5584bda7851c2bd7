#!/usr/bin/env bash
# Run 17-b (H100): is 4096^3 bound by the card's power rather than by idle tensor cycles?
# ncu (clocks free) of cuBLAS, the default and `--epilogue-overlap 2x128`: cycles, SM clock,
# tensor-pipe activity. Then the overlap on a ragged shape (verify, alpha/beta too) and at
# other shapes whose default has a 256-column tile, two rounds.
#   OUT=... bash docs/logs/run17-b.sh
. "$(dirname "$0")/run17-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
O="--epilogue-overlap"
v --m 4000 --n 4000 --k 1000 $O 2x128
v --m 4000 --n 4000 --k 1000 $O 2x128 --alpha 1.5 --beta -0.5
v --m 4000 --n 4000 --k 1000 $O 3x128
v --m 4096 --n 4096 --k 1024 --dtype bf16 $O 2x128
MET=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_op_hmma_cycles_active.max
log "ncu 4096^3 f16 (cuBLAS then mosaic default)"
ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet' --launch-skip 6 --launch-count 2 --metrics $MET $MB bench gemm --m 4096 --n 4096 --k 4096 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-130
for a in "$O 2x128" "$O 1x128"; do
  log "ncu 4096^3 f16 mosaic $a"
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm --m 4096 --n 4096 --k 4096 $a --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
log "ncu 4096x4096x1024 f16 mosaic default, then 2x128"
for a in "$O off" "$O 2x128"; do
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm --m 4096 --n 4096 --k 1024 $a --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
for r in 1 2; do
  for s in "4096 4096 512" "4096 4096 2048" "8192 8192 1024" "6144 6144 1024" "4000 4000 1000"; do set -- $s
    for o in off 2x128 3x128; do b --m $1 --n $2 --k $3 $O $o; done
  done
done
