#!/usr/bin/env bash
# Run 38-h (H200): the 97-to-112-row part of `decode::transposed_split_k_first` (`mosaic-t4`:
# the first transposed split-K 4 grid of 128-row tiles with at least half the SMs' CTAs,
# K >= 1536) against run 38's first rule alone (`mosaic-38r`), out of sample: every default
# it moves among seeds 194 (f16), 195 (bf16), 196 (column-major B), 80 draws each, and 197
# (f16, 100 draws), 97 to 112 rows, N, K >= 1024 (`A=.. B=.. LO=97 HI=112 python3
# docs/logs/run38-moved.py SEED N [FLAGS]`). Then verify and memcheck at moved kernels.
#   OUT=... bash docs/logs/run38-h.sh; REF=mosaic-38r python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-38r mosaic-t4" "$@"; }
av2 --m 99 --n 2056 --k 3384   # 64x192x64 sk4 mc 88 -> T128x104x64 sk4 68
av2 --m 99 --n 2264 --k 4952   # 64x64x64 mc 72 -> T128x104x64 sk4 72
av2 --m 107 --n 2336 --k 2248   # 64x64x64 mc 76 -> T128x112x64 sk4 76
av2 --m 109 --n 2928 --k 1592   # 64x64x64 mc 92 -> T128x112x64 sk4 92
av2 --m 105 --n 3760 --k 2288   # 64x64x64 118 -> T128x112x64 sk4 120
av2 --m 97 --n 2080 --k 5248 --dtype bf16   # 64x192x64 sk4 mc 88 -> T128x104x64 sk4 68
av2 --m 97 --n 2776 --k 6616 --dtype bf16   # 64x64x64 mc 88 -> T128x104x64 sk4 88
av2 --m 109 --n 2184 --k 2472 --dtype bf16   # 64x64x64 mc 72 -> T128x112x64 sk4 72
av2 --m 100 --n 2640 --k 3024 --dtype bf16   # 64x64x64 84 -> T128x104x64 sk4 84
av2 --m 105 --n 3336 --k 4800 --dtype bf16   # 64x64x64 mc 108 -> T128x112x64 sk4 108
av2 --m 97 --n 3800 --k 4784 --dtype bf16   # 64x64x64 mc 120 -> T128x104x64 sk4 120
av2 --m 105 --n 3008 --k 2576 --dtype bf16   # 64x64x64 94 -> T128x112x64 sk4 96
av2 --m 105 --n 3584 --k 4048 --dtype bf16   # 64x64x64 112 -> T128x112x64 sk4 112
av2 --m 97 --n 2472 --k 1824 --b-layout col   # 64x64x64 78 -> T128x104x64 sk4 80
av2 --m 97 --n 3496 --k 5472 --b-layout col   # 64x64x64 110 -> T128x104x64 sk4 112
av2 --m 97 --n 2264 --k 2840 --b-layout col   # 64x64x64 mc 72 -> T128x104x64 sk4 72
av2 --m 109 --n 2296 --k 5536 --b-layout col   # 64x64x64 72 -> T128x112x64 sk4 72
av2 --m 97 --n 3408 --k 4560 --b-layout col   # 64x64x64 108 -> T128x104x64 sk4 108
av2 --m 105 --n 3160 --k 7280 --b-layout col   # 64x64x64 100 -> T128x112x64 sk4 100
av2 --m 102 --n 2464 --k 5384 --b-layout col   # 64x64x64 mc 80 -> T128x104x64 sk4 80
av2 --m 105 --n 3688 --k 5544 --b-layout col   # 64x64x64 mc 116 -> T128x112x64 sk4 116
av2 --m 105 --n 2176 --k 3384   # 64x64x64 mc 68 -> T128x112x64 sk4 68
av2 --m 97 --n 2976 --k 5808   # 64x64x64 94 -> T128x104x64 sk4 96
av2 --m 97 --n 2304 --k 4776   # 64x64x64 mc 72 -> T128x104x64 sk4 72
av2 --m 101 --n 2144 --k 6104   # 64x64x64 mc 68 -> T128x104x64 sk4 68
av2 --m 97 --n 2352 --k 2512   # 64x64x64 74 -> T128x104x64 sk4 76
av2 --m 97 --n 2656 --k 8240   # 64x64x64 84 -> T128x104x64 sk4 84
av2 --m 105 --n 2264 --k 2224   # 64x64x64 mc 72 -> T128x112x64 sk4 72
av2 --m 97 --n 2688 --k 7976   # 64x64x64 mc 84 -> T128x104x64 sk4 84
M="timeout 150 ./.carry-rt/mosaic-t4"
v --m 99 --n 2056 --k 3384
v --m 109 --n 2184 --k 2472 --dtype bf16
v --m 97 --n 2472 --k 1824 --b-layout col
v --m 105 --n 3336 --k 4800 --alpha 1.5 --beta -0.5
v --m 107 --n 2336 --k 2248 --dtype bf16 --c-dtype bf16
mc --m 109 --n 2928 --k 1592
mc --m 102 --n 2464 --k 5384 --b-layout col
