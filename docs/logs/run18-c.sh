#!/usr/bin/env bash
# Run 18-c (H100): cuBLAS's 4096^3 kernel parameters (run18-paramdump.c, a CUPTI injection library), for
# the byte table its tile scheduler indexes by cluster; also at 8192^3 and 4096x4096x1024.
#   OUT=... bash docs/logs/run18-c.sh
. "$(dirname "$0")/run18-lib.sh"
gcc -shared -fPIC -O1 -I/usr/local/cuda/include -o $OUT/pd.so docs/logs/run18-paramdump.c -L/usr/local/cuda/lib64 -lcupti -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
for s in "4096 4096 4096" "8192 8192 8192" "4096 4096 1024"; do set -- $s
  log "params $s"; CUDA_INJECTION64_PATH=$OUT/pd.so $MB bench gemm --m $1 --n $2 --k $3 --dtype f16 --target $T --samples 20 2>&1 | grep -E "^PARAMS|^param|^  [0-9a-f]{2} |ratio|^launch|^api|^inject" | cut -c1-200
done
rm -f $OUT/pd.so
