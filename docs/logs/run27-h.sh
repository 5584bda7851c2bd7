#!/usr/bin/env bash
# Run 27-h (H100): the build without transposed tiles of one warpgroup 256 wide above 128
# rows, at the one default that changed among seeds 28-30 (3008x1032x1704: shared 192x160
# instead of shared 64x256), against the base build (`$BASE`, 745d78a) and against 27-g's
# build (`$PREV`), 30 paired samples, two rounds; verify first.
#   OUT=... bash docs/logs/run27-h.sh
. "$(dirname "$0")/run27-lib.sh"
PREV=./.carry-rt/mosaic-prev
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 3008 --n 1032 --k 1704
v --m 3008 --n 1032 --k 1704 --dtype bf16 --alpha 1.5 --beta -0.5
for r in 1 2; do
  pair --m 3008 --n 1032 --k 1704
  log "bench (27-g build) --samples 30 --m 3008 --n 1032 --k 1704"
  $PREV bench gemm --m 3008 --n 1032 --k 1704 --target $T --samples 30 2>&1 | grep "ratio [0-9]" | q | cut -c1-260
done
