#!/usr/bin/env bash
# Run 47-e: the LLM-layer suite in tf32 with a row-major B (the default layout; wgmma takes
# tf32 only K-major, so these are mma.sync plans): 17 of its 24 defaults move with 47-d's
# register count (none in f16, bf16 or tf32 with a column-major B). mosaic-47d against
# mosaic-47c at each moved shape.
#   OUT=... bash docs/logs/run47-e.sh; A=mosaic-47c:- B=mosaic-47d:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "verify (mosaic-47d) --m 128 --n 5120 --k 13824 --dtype tf32"
timeout 120 ./.carry-rt/mosaic-47d verify gemm --m 128 --n 5120 --k 13824 --dtype tf32 --target $T 2>&1 | tail -1 | cut -c1-200
for s in 4096x6144x4096 4096x15360x5120 4096x27648x5120 128x6144x4096 128x4096x4096 128x4096x14336 128x15360x5120 128x5120x5120 128x5120x13824 16x6144x4096 16x4096x4096 16x28672x4096 16x4096x14336 16x15360x5120 16x5120x5120 16x27648x5120 16x5120x13824; do
  IFS=x read m n k <<< "$s"; vs "mosaic-47c:-|mosaic-47d:-" --m $m --n $n --k $k --dtype tf32
done
