#!/usr/bin/env bash
# Run 25-l: narrow N at large M (25-k: the 128x128 / 64x192 defaults run 0.53-0.84x cuBLAS,
# while 4864x768x4480's lone 128x256 grid runs 1.00x). The model's big-tile plans there,
# against its first plan, 20 samples (plan numbers from `mosaic plans --top 14` of this build):
#   4864x1024x4480: 1 = 128x128 1 wg paired, 4 = 192x128, 8 = 128x256, 9 = 256x128;
#   5808x1024x5120: 1 = 128x128 1 wg paired, 4 = 192x128, 5 = 128x256, 6 = 256x128;
#   4864x824x4472:  1 = 64x192 paired, 5 = 128x192, 6 = 192x128, 9 = 128x256, 10 = 256x128.
#   OUT=... bash docs/logs/run25-l.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for p in 1 4 8 9; do bpc 20 --m 4864 --n 1024 --k 4480 --plan $p; done
for p in 1 4 5 6; do bpc 20 --m 5808 --n 1024 --k 5120 --plan $p; done
for p in 1 5 6 9 10; do bpc 20 --m 4864 --n 824 --k 4472 --plan $p; done
