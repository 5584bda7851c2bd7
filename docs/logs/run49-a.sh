#!/usr/bin/env bash
# Run 49-a: tf32 A operands stored MN-major fed to wgmma from registers (mosaic-49a) against
# run 48's transposing copies (mosaic-48, 891fb95): verify (the tf32 suite, all four layouts;
# ragged shapes whose kernels load A from registers, back to back), memcheck of two of them,
# and the tf32 LLM suite with a row-major B (the default layout) from both builds, cuBLAS in
# the same process; then four shapes with both operands column-major.
#   OUT=... bash docs/logs/run49-a.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-49a
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
log "verify ($N) gemm --suite --dtype tf32"
timeout 300 ./.carry-rt/$N verify gemm --suite --dtype tf32 --target $T 2>&1 | tail -22 | cut -c1-200
ve gemm --m 16 --n 135 --k 333 --dtype tf32 --back-to-back
ve gemm --m 121 --n 1000 --k 333 --dtype tf32 --back-to-back
ve gemm --m 136 --n 264 --k 201 --dtype tf32 --plan 2
ve gemm --m 1000 --n 777 --k 333 --dtype tf32 --back-to-back
ve gemm --m 300 --n 136 --k 72 --dtype tf32 --a-layout col --b-layout col --back-to-back
ve bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32 --a-layout col
ve gemm --m 4096 --n 4096 --k 4096 --dtype tf32
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
for a in "gemm --m 121 --n 1000 --k 333 --dtype tf32" "bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32 --a-layout col"; do
  log "memcheck verify ($N) $a"
  timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
done
for b in mosaic-49a mosaic-48 mosaic-49a; do
  log "bench ($b) --suite llm --dtype tf32"
  timeout 200 ./.carry-rt/$b bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --target $T --samples 20 2>&1 | cut -c1-260
done
for s in 4096x6144x4096 4096x5120x13824 128x4096x4096 16x4096x4096; do
  IFS=x read m n k <<< "$s"; vs "mosaic-48:-|mosaic-49a:-" --m $m --n $n --k $k --dtype tf32 --a-layout col --b-layout col
done
