#!/usr/bin/env bash
# Run 26-a: the model's k-step cost against measured time. A diagnostic build
# (`run25-hack-transposed.patch` plus `MOSAIC_HACK_A` / `MOSAIC_HACK_B`, which make a
# warpgroup plan's k-step cost `A * kstep + B`; carried as .carry-rt/mosaic-hack2) with
# transposed plans at any M (`MOSAIC_HACK_T=1`). For each shape, the plans of that build's
# default ranking (A = 1, B = 0) listed here: its top 6 plus every plan that ranks in the top
# 3 under (A, B) = (1.09, 150), (1.2, 0), (1, 250), (1.15, 100), (1.3, 0). 20 paired samples
# each; nvidia-smi's clock and power sampled beside them.
#   OUT=... bash docs/logs/run26-a.sh [b]     (b: the second half of the shapes)
. "$(dirname "$0")/run26-lib.sh"
export MOSAIC_HACK_T=1
H=./.carry-rt/mosaic-hack2
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
clocks_start "26-a${1:-}"
if [ "${1:-}" != b ]; then
fit $H "4864 1024 4480" 1 2 3 4 5 6 7 8 11
fit $H "5808 1024 5120" 1 2 3 4 5 6 12
fit $H "5464 1296 6224" 1 2 3 4 5 6 11 14
fit $H "4864 824 4472" 1 2 3 4 5 6 12 13 14
fit $H "600 7280 8056" 1 2 3 4 5 6
fit $H "1272 4968 5880" 1 2 3 4 5 6
fit $H "5808 1056 5168" 1 2 3 4 5 6 11 12
fit $H "7992 5368 2840" 1 2 3 4 5 6 7 8 12 14
fit $H "2760 4880 3728" 1 2 3 4 5 6 12 13
else
fit $H "3344 6544 7848" 1 2 3 4 5 6 7 8 9 10 16
fit $H "4696 1664 888" 1 2 3 4 5 6 9
fit $H "4096 4096 4096" 1 2 3 4 5 6
fit $H "4096 14336 4096" 1 2 3 4 5 6 7
fit $H "4096 28672 4096" 1 2 3 4 5 6 7 11
fit $H "4096 6144 4096" 1 2 3 4 5 6 7
fit $H "2100 2312 3000" 1 2 3 4 5 6 9 10
fit $H "1000 3000 2000" 1 2 3 4 5 6
fit $H "4224 4096 4096" 1 2 3 4 5 6 8
fi
clocks_stop
