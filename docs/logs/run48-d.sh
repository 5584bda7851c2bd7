#!/usr/bin/env bash
# Run 48-d: decode-like CTA tiles of 16 and 32 rows for warp-level plans (sm_90a; mosaic-48d)
# against mosaic-48c at the defaults they move: two tf32 row-major-B suite shapes (two rounds)
# and the 10 of 24 seeded decode-like shapes that move (seed 484: m of 16, 24, 32, n
# 2^U(11,15), k 2^U(10,13.5), rounded down to multiples of 8; none moves in f16 or in tf32
# with a column-major B), with verify at three.
#   OUT=... bash docs/logs/run48-d.sh; A=mosaic-48c:- B=mosaic-48d:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-48d
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve gemm --m 16 --n 28672 --k 4096 --dtype tf32
ve gemm --m 24 --n 26960 --k 2512 --dtype tf32
ve gemm --m 24 --n 26961 --k 2513 --dtype tf32
ve gemm --m 29 --n 25000 --k 3001 --dtype tf32 --a-layout col
for r in 1 2; do
  for s in 16x28672x4096 16x27648x5120; do
    IFS=x read m n k <<< "$s"; vs "mosaic-48c:-|mosaic-48d:-" --m $m --n $n --k $k --dtype tf32
  done
done
for s in 16x30480x1968 24x26960x2512 32x25296x1424 24x22800x3824 16x27896x8720 16x17744x2512 24x26872x5608 32x21296x2432 16x27432x1976 16x31216x5000; do
  IFS=x read m n k <<< "$s"; vs "mosaic-48c:-|mosaic-48d:-" --m $m --n $n --k $k --dtype tf32
done
