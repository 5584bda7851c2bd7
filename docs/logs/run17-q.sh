#!/usr/bin/env bash
# Run 17-q (H100): 3000x1000x3000 stays at 0.70x with cuBLAS's own 192x128 tiling (17-o):
# which straddling pitch costs (A 6000, B 2000, C 4000 bytes), one extent at a time with the
# 192-row default, a few variants, and ncu's L2 / DRAM counts against cuBLAS.
#   OUT=... bash docs/logs/run17-q.sh
. "$(dirname "$0")/run17-lib.sh"
for s in "3000 1000 3000" "3072 1024 3072" "3000 1024 3072" "3072 1000 3072" "3072 1024 3000" "3000 1024 3000"; do set -- $s; b --m $1 --n $2 --k $3; done
for a in "--swizzle 64" "--stages 4" "--tma-store off" "--b-layout col"; do b --m 3000 --n 1000 --k 3000 $a; done
MET=gpu__time_duration.sum,lts__t_bytes.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,dram__bytes_read.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
for s in "3000 1000 3000" "3072 1024 3072"; do set -- $s
  log "ncu $s f16 (cuBLAS then mosaic)"
  ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 6 --launch-count 2 --metrics $MET $MB bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-140
done
