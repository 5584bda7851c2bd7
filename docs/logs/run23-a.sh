#!/usr/bin/env bash
# Run 23-a: the tensor maps cuBLAS encodes (run23-tmapdump.c, a CUPTI injection library on
# cuTensorMapEncodeTiled), beside mosaic's, at the decode shape with a row-major and a
# column-major B, and at 4096^3 with an f32 and an f16 C.
#   OUT=... bash docs/logs/run23-a.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
gcc -shared -fPIC -O1 -I/usr/local/cuda/include -o $OUT/td.so docs/logs/run23-tmapdump.c -L/usr/local/cuda/lib64 -lcupti -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
for s in "--m 128 --n 6144 --k 4096 --dtype f16" "--m 128 --n 6144 --k 4096 --dtype f16 --b-layout col" \
         "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype f16 --c-dtype f16" \
         "--m 128 --n 5120 --k 13824 --dtype bf16"; do
  log "maps: $s"
  CUDA_INJECTION64_PATH=$OUT/td.so $MB bench gemm $s --target $T --samples 20 2>&1 | grep -E "^TMAP|^LAUNCH|^  grid|ratio [0-9]|^inject|rror" | cut -c1-260
done
rm -f $OUT/td.so
