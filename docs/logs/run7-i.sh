#!/usr/bin/env bash
# Run 7-i: the M = 4096 suite shapes whose default is a 128x192 tile (plan 1) against the
# 128x256 (plan 2) and 256x128 (plan 3) tiles the model ranks within 1% of it, f16, twice
# each in alternation.   OUT=... bash docs/logs/run7-i.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for s in "4096 6144 4096" "4096 28672 4096" "4096 15360 5120" "4096 27648 5120"; do set -- $s
  for rep in 1 2; do for p in 1 2 3; do
    log "$1x$2x$3 plan $p ($rep)"; $M bench gemm --m $1 --n $2 --k $3 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
  done; done; done
