#!/usr/bin/env bash
# Run 38-c (H200): decode grids of 72 to 112 rows whose default is a plain grid of two 64-row
# tile rows with 121 to 132 CTAs (37-f to 37-h: 0.63-0.74 of cuBLAS at 80 rows), against the
# next ranked plans: transposed 64xM tiles (one tile row, half the CTAs), the same split-K 2,
# 64x96 tiles in 2 x 2 blocks. HEAD's build (`mosaic-38`), `--plan N`.
#   OUT=... bash docs/logs/run38-c.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="-|--plan 2|--plan 3|--plan 4"
for s in "80 3848 3088" "80 4224 2968" "80 3992 8064" "80 3960 5816" "80 3848 5960" "80 3984 6664" \
         "80 4008 2872" "80 4016 3080" "80 4168 2344" "80 3872 1680" \
         "96 4000 4000" "72 4104 3000" "88 3904 5008" "112 4096 2504" "104 3952 6000"; do
  set -- $s
  av mosaic-38 "$S" --m $1 --n $2 --k $3
done
