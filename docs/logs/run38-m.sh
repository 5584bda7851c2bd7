#!/usr/bin/env bash
# Run 38-m (H200): `decode::lone_row_split_k4_first` (`mosaic-l16`: at M <= 16, a lone
# transposed 64xM grid of at most 72 CTAs gives way to the first transposed split-K 4 grid of
# one wave with more CTAs; fitted on 38-l) against the final run-38 code (`mosaic-38f`), out of
# sample: every default it moves among seeds 210 (f16, 150 draws), 211 (bf16, 100), 212
# (column-major B, 100), M = 16, N, K >= 1024; and the suite's 16x4096x4096 (f16, bf16,
# column-major B), which it moves. Verify at two moved kernels. Not run in run 38 (device
# time spent): build `mosaic-l16` with `git apply docs/logs/run38-l16.diff` first.
#   OUT=... bash docs/logs/run38-m.sh; REF=mosaic-38f python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av2() { ab "mosaic-38f mosaic-l16" "$@"; }
av2 --m 16 --n 4096 --k 4096
av2 --m 16 --n 4096 --k 4096 --dtype bf16
av2 --m 16 --n 4096 --k 4096 --b-layout col
av2 --m 16 --n 4184 --k 9360   # T64x16x64 66 -> T192x16x64 sk4 88
av2 --m 16 --n 4552 --k 1816   # T64x16x64 72 -> T192x16x64 sk4 96
av2 --m 16 --n 4312 --k 4952   # T64x16x64 68 -> T192x16x64 sk4 92
av2 --m 16 --n 3280 --k 1312   # T64x16x64 52 -> T128x16x64 sk4 104
av2 --m 16 --n 4600 --k 4632   # T64x16x64 72 -> T192x16x64 sk4 96
av2 --m 16 --n 3736 --k 1720   # T64x16x64 59 -> T128x16x64 sk4 120
av2 --m 16 --n 3808 --k 8480   # T64x16x64 60 -> T128x16x64 sk4 120
av2 --m 16 --n 3720 --k 5912 --dtype bf16   # T64x16x64 59 -> T128x16x64 sk4 120
av2 --m 16 --n 4472 --k 6592 --dtype bf16   # T64x16x64 70 -> T192x16x64 sk4 96
av2 --m 16 --n 4032 --k 5608 --dtype bf16   # T64x16x64 63 -> T192x16x64 sk4 84
av2 --m 16 --n 3768 --k 2672 --b-layout col   # T64x16x64 59 -> T128x16x64 sk4 120
av2 --m 16 --n 4488 --k 5280 --b-layout col   # T64x16x64 71 -> T192x16x64 sk4 96
av2 --m 16 --n 3392 --k 1272 --b-layout col   # T64x16x64 53 -> T128x16x64 sk4 108
av2 --m 16 --n 4152 --k 1680 --b-layout col   # T64x16x64 65 -> T192x16x64 sk4 88
av2 --m 16 --n 4096 --k 1352 --b-layout col   # T64x16x64 64 -> T192x16x64 sk4 88
av2 --m 16 --n 3872 --k 2584 --b-layout col   # T64x16x64 61 -> T192x16x64 sk4 84
av2 --m 16 --n 4272 --k 2096 --b-layout col   # T64x16x64 67 -> T192x16x64 sk4 92
M="timeout 150 ./.carry-rt/mosaic-l16"
v --m 16 --n 4552 --k 1816
v --m 16 --n 3720 --k 5912 --dtype bf16
