#!/usr/bin/env bash
# Run 18-j (H100): 4096^3 f16 with the GPC-major order: band widths and the epilogue overlap
# (off by default at 64 k-tiles), three rounds.
#   OUT=... bash docs/logs/run18-j.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 4096 --n 4096 --k 4096"
for round in 1 2 3; do
  for a in "" "--epilogue-overlap 2x128" "--raster-group 6" "--raster-group 12" "--raster-group 16" "--cluster-order off"; do b $S $a; done
done
