#!/usr/bin/env bash
# Run 48-b: mosaic-48a's tf32 suite verification (all four layouts; --m/--n/--k are ignored
# with --suite), tf32 with a column-major A (transposed A copy) against run 47's mma.sync
# defaults, and at 16x6144x4096 (row-major B) the best transposing plan (plan 2) against the
# mma.sync default the model keeps (plan 1).
#   OUT=... bash docs/logs/run48-b.sh; A=mosaic-47f:- B=mosaic-48a:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-48a
log "verify ($N) gemm --suite --dtype tf32"
timeout 400 ./.carry-rt/$N verify gemm --suite --m 1 --n 1 --k 1 --dtype tf32 --target $T 2>&1 | tail -25 | cut -c1-200
for s in 4096x6144x4096 4096x5120x13824 128x4096x4096 16x4096x4096; do
  IFS=x read m n k <<< "$s"; vs "mosaic-47f:-|mosaic-48a:-" --m $m --n $n --k $k --dtype tf32 --a-layout col --b-layout col
done
vs "mosaic-48a:-|mosaic-48a:--plan 2" --m 16 --n 6144 --k 4096 --dtype tf32
vs "mosaic-48a:-|mosaic-48a:--plan 2" --m 16 --n 6144 --k 4096 --dtype tf32
