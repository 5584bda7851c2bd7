#!/usr/bin/env bash
# Run 48-a: tf32 with a row-major B through the transposing copy (`codegen::hopper::transpose`,
# mosaic-48a) against run 47's mma.sync defaults (mosaic-47f): verify (suite, batches,
# back-to-back, column-major A), memcheck, the 17 moved LLM-suite defaults, the same GEMMs
# with a column-major B (no copy), and ncu of the copy kernel at two sizes.
#   OUT=... bash docs/logs/run48-a.sh; A=mosaic-47f:- B=mosaic-48a:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-48a
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve gemm --suite --dtype tf32
ve gemm --m 1000 --n 777 --k 333 --dtype tf32 --back-to-back
ve gemm --m 4096 --n 6144 --k 4096 --dtype tf32
ve gemm --m 16 --n 4096 --k 14336 --dtype tf32
ve gemm --m 1000 --n 777 --k 333 --dtype tf32 --a-layout col --b-layout col --back-to-back
ve bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32
ve bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32 --plan 8
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck verify ($N) --m 1000 --n 777 --k 333 --dtype tf32"
timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 1000 --n 777 --k 333 --dtype tf32 --target $T 2>&1 | tail -3 | cut -c1-300
for s in 4096x6144x4096 4096x4096x4096 4096x28672x4096 4096x4096x14336 4096x15360x5120 4096x5120x5120 4096x27648x5120 4096x5120x13824 128x6144x4096 128x4096x4096 128x4096x14336 128x5120x5120 128x5120x13824 16x4096x4096 16x4096x14336 16x5120x5120 16x5120x13824; do
  IFS=x read m n k <<< "$s"; vs "mosaic-47f:-|mosaic-48a:-" --m $m --n $n --k $k --dtype tf32
done
for s in 4096x6144x4096 4096x5120x13824 128x4096x4096 16x4096x4096; do
  IFS=x read m n k <<< "$s"; bx mosaic-48a --m $m --n $n --k $k --dtype tf32 --b-layout col
done
nf mosaic-48a tb-4096x6144 mosaic_transpose --m 4096 --n 6144 --k 4096 --dtype tf32
nf mosaic-48a tb-128x5120x13824 mosaic_transpose --m 128 --n 5120 --k 13824 --dtype tf32
nf mosaic-48a gemm-4096x6144 mosaic_gemm --m 4096 --n 6144 --k 4096 --dtype tf32
