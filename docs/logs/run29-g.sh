#!/usr/bin/env bash
# Run 29-g (H100): lone transposed grids (one tile per CTA, deep rings that leave no room for
# staging, so they store C directly) with the TMA store forced (`--tma-store on`, which takes
# stages for the staging buffers), 16-bit and f32 C, against the default. Verify first.
#   OUT=... bash docs/logs/run29-g.sh
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 2000 --n 1216 --k 4280 --c-dtype f16 --tma-store on
v --m 3461 --n 616 --k 1464 --dtype bf16 --c-dtype bf16 --tma-store on
S="-|--tma-store on"
av mosaic "$S" --m 2000 --n 1216 --k 4280 --c-dtype f16
av mosaic "$S" --m 3464 --n 616 --k 1464 --c-dtype f16
av mosaic "$S" --m 1920 --n 1816 --k 8168 --dtype bf16 --c-dtype bf16
av mosaic "$S" --m 520 --n 1976 --k 1320 --c-dtype f16
av mosaic "$S" --m 5720 --n 480 --k 4064 --c-dtype f16
av mosaic "$S" --m 2000 --n 1216 --k 4280
av mosaic "$S" --m 3464 --n 616 --k 1464
av mosaic "$S" --m 5720 --n 480 --k 4064
