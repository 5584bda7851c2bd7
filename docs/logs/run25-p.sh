#!/usr/bin/env bash
# Run 25-p: a diagnostic build (`run25-hack-transposed.patch`, carried as
# .carry-rt/mosaic-hack) that ranks transposed plans (C^T = B^T A^T, so wgmma's n runs along
# M) at any M when MOSAIC_HACK_T is set, with widths 128, 160, 192, 256 along M: cuBLAS's
# 4864x1024x4480 kernel has that orientation (25-n). Each narrow-N shape's top 8 plans of
# that build, listed, then timed (20 samples); verify of the transposed 128x160 grid.
#   OUT=... bash docs/logs/run25-p.sh
. "$(dirname "$0")/run25-lib.sh"
export MOSAIC_HACK_T=1
H="timeout 150 ./.carry-rt/mosaic-hack"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "4864 1024 4480" "5808 1024 5120" "4864 824 4472" "5464 1296 6224"; do
  set -- $s
  log "plans $s"
  $H plans gemm --m $1 --n $2 --k $3 --target $T --top 8 | grep -E "^plan|  grid|  cta" | paste - - - | sed -E 's/ +/ /g' | cut -c1-150
  for p in 1 2 3 4 5 6 7 8; do
    log "bench (transposed build) $s --plan $p"
    $H bench gemm --m $1 --n $2 --k $3 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
  done
done
$H verify gemm --m 4864 --n 1024 --k 4480 --plan 6 --target $T 2>&1 | tail -1 | cut -c1-200
$H verify gemm --m 4864 --n 1000 --k 4480 --plan 6 --target $T 2>&1 | tail -1 | cut -c1-200
