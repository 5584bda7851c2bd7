#!/usr/bin/env bash
# Run 49-f: batched tf32 with a row-major B takes transposed plans (A from registers, no B
# copy; mosaic-49f) against run 49's final code (mosaic-49e, which copies B transposed for
# every batch): verify and memcheck of ragged batches, then bench bmm of both builds at
# eight batched shapes (--samples 30, cuBLAS's strided-batched GEMM in the same process, the
# builds' order alternating).
#   OUT=... bash docs/logs/run49-f.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-49f
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve bmm --batch 3 --m 100 --n 264 --k 96 --dtype tf32 --back-to-back
ve bmm --batch 2 --m 16 --n 264 --k 200 --dtype tf32 --back-to-back
ve bmm --batch 3 --m 72 --n 135 --k 199 --dtype tf32
ve bmm --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck verify ($N) bmm --batch 3 --m 100 --n 264 --k 96 --dtype tf32"
timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify bmm --batch 3 --m 100 --n 264 --k 96 --dtype tf32 --target $T 2>&1 | tail -2 | cut -c1-300
i=0
for s in 8x1024x1024x1024 16x1000x1000x1000 32x512x512x512 4x2048x2048x2048 64x128x128x128 12x256x1024x512 4x16x4096x4096 2x128x4096x4096; do
  IFS=x read bt m n k <<< "$s"; i=$((i + 1))
  if [ $((i % 2)) = 1 ]; then order="mosaic-49e mosaic-49f"; else order="mosaic-49f mosaic-49e"; fi
  for b in $order; do
    log "bench ($b) bmm --batch $bt --m $m --n $n --k $k --dtype tf32"
    timeout 150 ./.carry-rt/$b bench bmm --batch $bt --m $m --n $n --k $k --dtype tf32 --target $T --samples 30 2>&1 | grep "ratio [0-9]" | cut -c1-260
  done
done
