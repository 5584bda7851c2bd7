#!/usr/bin/env bash
# Run 25-o: a diagnostic build (`run25-hack-widths.patch`: warpgroup tile widths 112, 160,
# 176 and 224 ranked beside 64, 128, 192, 256; carried as .carry-rt/mosaic-hack) at 25-i's
# narrow-N shapes, where cuBLAS's 4864x1024x4480 kernel takes 160 x 128 tiles (in mosaic's
# terms) that fill 1.9 waves (25-n). Plan numbers from that build's `plans --top 6`.
#   OUT=... bash docs/logs/run25-o.sh
. "$(dirname "$0")/run25-lib.sh"
H="timeout 150 ./.carry-rt/mosaic-hack"
bh() { log "bench (widths build) --samples $1 ${*:2}"; $H bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for p in 1 3 5 6; do bh 20 --m 4864 --n 824 --k 4472 --plan $p; done   # 192x176 lone, 128x176, 192x112, 128x160
bh 20 --m 4864 --n 1024 --k 4480 --plan 5                               # 128x176
for p in 5 6; do bh 20 --m 5808 --n 1024 --k 5120 --plan $p; done      # 128x224, 192x160
for p in 1 2 3; do bh 20 --m 5464 --n 1296 --k 6224 --plan $p; done    # 192x176, 128x224, 192x160
$H verify gemm --m 4864 --n 824 --k 4472 --target $T 2>&1 | tail -1 | cut -c1-200
$H verify gemm --m 5464 --n 1296 --k 6224 --plan 2 --target $T 2>&1 | tail -1 | cut -c1-200
