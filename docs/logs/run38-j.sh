#!/usr/bin/env bash
# Run 38-j (H200): the 113-to-128-row part of `decode::transposed_split_k_first` (`mosaic-t5`:
# the first transposed split-K 4 grid of 128-row tiles with 66 to 96 CTAs, K >= 1536)
# against the rule at 65 to 112 rows alone (`mosaic-t4b`), out of sample: every default it
# moves among seeds 203 (f16), 204 (bf16), 205 (column-major B), 110 draws each, 113 to 128
# rows, N, K >= 1024 (`A=.. B=.. LO=113 HI=128 python3 docs/logs/run38-moved.py SEED N
# [FLAGS]`). Then verify and memcheck at moved kernels.
#   OUT=... bash docs/logs/run38-j.sh; REF=mosaic-t4b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-t4b mosaic-t5" "$@"; }
av2 --m 121 --n 2096 --k 5224   # 64x192x64 sk4 mc 88 -> T128x128x64 sk4 68
av2 --m 113 --n 2224 --k 5824   # 64x64x64 70 -> T128x120x64 sk4 72
av2 --m 113 --n 2256 --k 1800   # 64x64x64 mc 72 -> T128x120x64 sk4 72
av2 --m 121 --n 2488 --k 1632   # 64x64x64 mc 80 -> T128x128x64 sk4 80
av2 --m 118 --n 2584 --k 3248   # 64x64x64 mc 84 -> T128x120x64 sk4 84
av2 --m 121 --n 2376 --k 5984   # 64x64x64 mc 76 -> T128x128x64 sk4 76
av2 --m 121 --n 2224 --k 6880   # 64x64x64 70 -> T128x128x64 sk4 72
av2 --m 122 --n 2312 --k 2152   # 64x64x64 mc 76 -> T128x128x64 sk4 76
av2 --m 121 --n 2056 --k 7664 --dtype bf16   # 64x192x64 sk4 mc 88 -> T128x128x64 sk4 68
av2 --m 121 --n 2344 --k 4016 --dtype bf16   # 64x64x64 mc 76 -> T128x128x64 sk4 76
av2 --m 113 --n 2312 --k 4048 --dtype bf16   # 64x64x64 mc 76 -> T128x120x64 sk4 76
av2 --m 123 --n 2856 --k 2480 --dtype bf16   # 64x64x64 mc 92 -> T128x128x64 sk4 92
av2 --m 122 --n 2696 --k 7672 --dtype bf16   # 64x64x64 mc 88 -> T128x128x64 sk4 88
av2 --m 121 --n 2896 --k 5208 --dtype bf16   # 64x64x64 mc 92 -> T128x128x64 sk4 92
av2 --m 125 --n 2360 --k 1704 --dtype bf16   # 64x64x64 mc 76 -> T128x128x64 sk4 76
av2 --m 117 --n 2360 --k 9216 --dtype bf16   # 64x64x64 mc 76 -> T128x120x64 sk4 76
av2 --m 113 --n 2896 --k 1888 --dtype bf16   # 64x64x64 92 -> T128x120x64 sk4 92
av2 --m 121 --n 2088 --k 7912 --b-layout col   # 64x192x64 sk4 mc 88 -> T128x128x64 sk4 68
av2 --m 113 --n 2208 --k 2472 --b-layout col   # 64x64x64 mc 72 -> T128x120x64 sk4 72
av2 --m 121 --n 2320 --k 5216 --b-layout col   # 64x64x64 74 -> T128x128x64 sk4 76
av2 --m 121 --n 2256 --k 2168 --b-layout col   # 64x64x64 mc 72 -> T128x128x64 sk4 72
av2 --m 113 --n 2552 --k 6736 --b-layout col   # 64x64x64 80 -> T128x120x64 sk4 80
av2 --m 121 --n 3008 --k 7016 --b-layout col   # 64x64x64 mc 96 -> T128x128x64 sk4 96
av2 --m 127 --n 2320 --k 2048 --b-layout col   # 64x64x64 74 -> T128x128x64 sk4 76
av2 --m 121 --n 2304 --k 1976 --b-layout col   # 64x64x64 mc 72 -> T128x128x64 sk4 72
M="timeout 150 ./.carry-rt/mosaic-t5"
v --m 121 --n 2096 --k 5224
v --m 125 --n 2360 --k 1704 --dtype bf16
v --m 127 --n 2320 --k 2048 --b-layout col
v --m 118 --n 2584 --k 3248 --alpha 1.5 --beta -0.5
v --m 122 --n 2696 --k 7672 --dtype bf16 --c-dtype bf16
mc --m 113 --n 2256 --k 1800
