#!/usr/bin/env bash
# Run 35-f (H200): at 128x2528x6128 (A and B rows of whole sectors; the default, 64x64 tiles
# unsplit, trails cuBLAS by 7%), the final build's split-K plans beside the default now that
# split-K reduces by scatter: plans 2 (64x128 split-K 2), 3 (64x192 split-K 4), 5 (64x256
# split-K 4); 30 paired samples, order rotated, two rounds.
#   OUT=... bash docs/logs/run35-f.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for i in 1 2; do av mosaic-sk "-|--plan 2|--plan 3|--plan 5" --m 128 --n 2528 --k 6128; done
