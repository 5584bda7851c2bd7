#!/usr/bin/env bash
# Run 23-b: cuBLAS's tensor maps by oracle (run23-tmaporacle.c): the box, swizzle and L2
# promotion of every map in the parameters of cuBLAS's nvjet kernels at the decode shape
# (row- and column-major B), at 4096^3 (f32 and f16 C) and at tf32 4096^3.
#   OUT=... bash docs/logs/run23-b.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
gcc -shared -fPIC -O2 -I/usr/local/cuda/include -o $OUT/to.so docs/logs/run23-tmaporacle.c -L/usr/local/cuda/lib64 -lcupti -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
while read -r m n k extra; do
  log "oracle: $m $n $k $extra"
  MOSAIC_MNK="$m $n $k" CUDA_INJECTION64_PATH=$OUT/to.so timeout 120 $MB bench gemm --m $m --n $n --k $k $extra --target $T --samples 20 2>&1 \
    | grep -E "^ORACLE|MATCH|closest|ratio [0-9]|rror" | cut -c1-300
done <<'SHAPES'
128 6144 4096 --dtype f16
128 6144 4096 --dtype f16 --b-layout col
4096 4096 4096 --dtype f16
4096 4096 4096 --dtype f16 --c-dtype f16
4096 4096 4096 --dtype tf32 --b-layout col
SHAPES
rm -f $OUT/to.so
