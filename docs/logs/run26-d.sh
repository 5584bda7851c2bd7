#!/usr/bin/env bash
# Run 26-d: bf16 (row-major B) and tf32 (column-major B) at 12 shapes of 26-a and 26-c whose
# default moved to a transposed grid in both dtypes: this build (`$M`) against the base build
# (`$BASE`, 12bd4e6), 30 paired samples each, alternating which build runs first.
#   OUT=... bash docs/logs/run26-d.sh
. "$(dirname "$0")/run26-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
pair --m 2400 --n 504 --k 832 --dtype bf16
pair --m 2400 --n 504 --k 832 --dtype tf32 --b-layout col
pair --m 1200 --n 2664 --k 7584 --dtype bf16
pair --m 1200 --n 2664 --k 7584 --dtype tf32 --b-layout col
pair --m 920 --n 7728 --k 7856 --dtype bf16
pair --m 920 --n 7728 --k 7856 --dtype tf32 --b-layout col
pair --m 3176 --n 2464 --k 8608 --dtype bf16
pair --m 3176 --n 2464 --k 8608 --dtype tf32 --b-layout col
pair --m 776 --n 4912 --k 1008 --dtype bf16
pair --m 776 --n 4912 --k 1008 --dtype tf32 --b-layout col
pair --m 2000 --n 1216 --k 4280 --dtype bf16
pair --m 2000 --n 1216 --k 4280 --dtype tf32 --b-layout col
pair --m 896 --n 3504 --k 8232 --dtype bf16
pair --m 896 --n 3504 --k 8232 --dtype tf32 --b-layout col
pair --m 1376 --n 792 --k 7784 --dtype bf16
pair --m 1376 --n 792 --k 7784 --dtype tf32 --b-layout col
pair --m 258 --n 3904 --k 3760 --dtype bf16
pair --m 258 --n 3904 --k 3760 --dtype tf32 --b-layout col
pair --m 3440 --n 304 --k 5720 --dtype bf16
pair --m 3440 --n 304 --k 5720 --dtype tf32 --b-layout col
pair --m 5464 --n 1296 --k 6224 --dtype bf16
pair --m 5464 --n 1296 --k 6224 --dtype tf32 --b-layout col
pair --m 5808 --n 1056 --k 5168 --dtype bf16
pair --m 5808 --n 1056 --k 5168 --dtype tf32 --b-layout col
v --m 2000 --n 1216 --k 4280 --dtype tf32 --b-layout col
v --m 3440 --n 304 --k 5720 --dtype bf16 --alpha 0.5 --beta 1
