#!/usr/bin/env bash
# Run 38-f (H200): decode shapes of 97 to 128 rows where mosaic trails cuBLAS (37-a, run 32-c,
# 38-d), the first eight ranked plans each (`--plan N`), final build (`mosaic-38r`): which
# grid family wins there.
#   OUT=... bash docs/logs/run38-f.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="-|--plan 2|--plan 3|--plan 4|--plan 5|--plan 6|--plan 7|--plan 8"
av mosaic-38r "$S" --m 128 --n 2912 --k 1224 
av mosaic-38r "$S" --m 128 --n 4432 --k 1272 
av mosaic-38r "$S" --m 128 --n 4928 --k 5480 
av mosaic-38r "$S" --m 128 --n 2840 --k 4608 
av mosaic-38r "$S" --m 128 --n 5464 --k 1904 
av mosaic-38r "$S" --m 128 --n 8696 --k 2024 
av mosaic-38r "$S" --m 109 --n 3352 --k 4760 
av mosaic-38r "$S" --m 103 --n 2840 --k 5384 
av mosaic-38r "$S" --m 108 --n 2256 --k 7176 
av mosaic-38r "$S" --m 116 --n 4040 --k 3640 
av mosaic-38r "$S" --m 101 --n 3192 --k 4744 
av mosaic-38r "$S" --m 121 --n 4000 --k 5016 
