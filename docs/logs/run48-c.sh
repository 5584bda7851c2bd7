#!/usr/bin/env bash
# Run 48-c: the warp-level latency scale (`tessellate::hwcost::WARP_LATENCY_SCALE` 1.47,
# mosaic-48c) against mosaic-48a at the three tf32 row-major-B suite defaults it moves (none
# of 80 seeded f16 / tf32 shapes and none of the f16, bf16 or column-major-B tf32 suites
# move), two rounds each, and verify of the new defaults.
#   OUT=... bash docs/logs/run48-c.sh; A=mosaic-48a:- B=mosaic-48c:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-48c
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
for s in 16x6144x4096 128x15360x5120 128x27648x5120; do
  IFS=x read m n k <<< "$s"; ve gemm --m $m --n $n --k $k --dtype tf32
done
for r in 1 2; do
  for s in 16x6144x4096 128x15360x5120 128x27648x5120; do
    IFS=x read m n k <<< "$s"; vs "mosaic-48a:-|mosaic-48c:-" --m $m --n $n --k $k --dtype tf32
  done
done
