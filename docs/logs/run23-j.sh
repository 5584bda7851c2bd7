#!/usr/bin/env bash
# Run 23-j: at M = 128 the model ties several plans (bound by DRAM, equal modeled time) and
# ranks 128x64 first; 23-i found the transposed 64x128 plan 4% faster on an H200 at
# 128x5120x5120. The first six ranked plans of every M = 128 shape of the LLM suite (f16,
# row-major B), two rounds, 50 paired samples each, to pick the tie-break from data.
#   OUT=... bash docs/logs/run23-j.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for nk in "6144 4096" "4096 4096" "28672 4096" "4096 14336" "15360 5120" "5120 5120" "27648 5120" "5120 13824"; do set -- $nk
  $MB plans gemm --m 128 --n $1 --k $2 --target $T --top 6 | grep -E "^plan|cta |grid " | sed 's/  */ /g' | paste - - - | cut -c1-160
  for r in 1 2; do for p in 1 2 3 4 5 6; do bp 50 --m 128 --n $1 --k $2 --dtype f16 --plan $p; done; done
done
