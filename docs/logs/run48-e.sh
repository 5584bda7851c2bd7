#!/usr/bin/env bash
# Run 48-e: 48-d's short-m tiles restricted to those it measured faster (one tile row, warp
# boxes at least 32 columns wide; mosaic-48e) against mosaic-48c, out of sample: the defaults
# it moves among seeds 484-487's decode-like tf32 row-major-B shapes (4 of 108; none of 60
# f16 / bf16 ones), two rounds, and the two suite shapes once more; verify at two.
#   OUT=... bash docs/logs/run48-e.sh; A=mosaic-48c:- B=mosaic-48e:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-48e
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve gemm --m 32 --n 21296 --k 2432 --dtype tf32
ve gemm --m 32 --n 20361 --k 6272 --dtype tf32
ve gemm --m 16 --n 19783 --k 6048 --dtype tf32 --a-layout col
for r in 1 2; do
  for s in 32x21296x2432 32x20360x6272 16x19784x6048 32x19880x1024; do
    IFS=x read m n k <<< "$s"; vs "mosaic-48c:-|mosaic-48e:-" --m $m --n $n --k $k --dtype tf32
  done
done
for s in 16x28672x4096 16x27648x5120; do
  IFS=x read m n k <<< "$s"; vs "mosaic-48c:-|mosaic-48e:-" --m $m --n $n --k $k --dtype tf32
done
