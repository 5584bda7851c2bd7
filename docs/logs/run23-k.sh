#!/usr/bin/env bash
# Run 23-k: the tie-break of 23-j as a build (`mosaic-tb`, run23-tiebreak.patch: at equal
# modeled cycles a transposed plan ranks first) against the run-23 build (a651b72) on every
# LLM-suite shape whose kernel it changes: f16 with a row-major B (bf16 takes the same
# kernels), f16 and tf32 with a column-major B. Two interleaved rounds, 50 paired samples.
#   OUT=... bash docs/logs/run23-k.sh
. "$(dirname "$0")/run23-lib.sh"
TB=./.carry-rt/mosaic-tb
tb() { log "bench (tie-break) --samples $1 ${*:2}"; timeout 150 $TB bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for s in "28672 4096 f16 row" "15360 5120 f16 row" "5120 5120 f16 row" "27648 5120 f16 row" "5120 13824 f16 row" \
           "28672 4096 f16 col" "15360 5120 f16 col" "27648 5120 f16 col" \
           "28672 4096 tf32 col" "15360 5120 tf32 col" "27648 5120 tf32 col"; do set -- $s
    bp 50 --m 128 --n $1 --k $2 --dtype $3 --b-layout $4; tb 50 --m 128 --n $1 --k $2 --dtype $3 --b-layout $4
  done
done
