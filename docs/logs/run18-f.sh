#!/usr/bin/env bash
# Run 18-f (H100): on one card, cuBLAS's cluster table (CUPTI dump, as 18-c) beside the order
# mosaic's probe finds; then `--cluster-order auto` against `off` at the LLM shapes that moved
# in 18-e (one sample each there), three rounds, and wider bands on the widest.
#   OUT=... bash docs/logs/run18-f.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
gcc -shared -fPIC -O1 -I/usr/local/cuda/include -o $OUT/pd.so docs/logs/run18-paramdump.c -L/usr/local/cuda/lib64 -lcupti -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
log "cuBLAS's table (param bytes 0x30..0x72), 4096^3"
LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} CUDA_INJECTION64_PATH=$OUT/pd.so $MB bench gemm --m 4096 --n 4096 --k 4096 --target $T --samples 20 2>&1 | grep -A8 "^param buffer" | head -9
rm -f $OUT/pd.so
log "mosaic's order, 4096^3"; $M verify gemm --m 4096 --n 4096 --k 4096 --target $T 2>&1 | grep -E "cluster order|passed"
for round in 1 2 3; do
  for s in "4096 28672 4096" "4096 15360 5120" "4096 27648 5120" "4096 4096 14336" "4096 6144 4096" "4096 4096 4096"; do set -- $s
    for a in "--cluster-order auto" "--cluster-order off"; do b --m $1 --n $2 --k $3 $a; done
  done
  for a in "--cluster-order auto --raster-group 16" "--cluster-order off --raster-group 16"; do b --m 4096 --n 28672 --k 4096 $a; done
done
