#!/usr/bin/env bash
# Run 23-l: the tie-break as built (`mosaic-wn`, run23-widest-n.patch: at equal modeled
# cycles the widest tensor instruction first, then a transposed plan) against the run-23
# build (a651b72) on the suite shapes whose kernels it changes, two interleaved rounds; then
# its LLM suites.
#   OUT=... bash docs/logs/run23-l.sh
. "$(dirname "$0")/run23-lib.sh"
WN=./.carry-rt/mosaic-wn
wb() { log "bench (widest-n) --samples $1 ${*:2}"; timeout 150 $WN bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 "tf32 --b-layout col"; do log "verify suite $d"; timeout 200 $WN verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
for r in 1 2; do
  for s in "15360 5120 f16 row" "15360 5120 f16 col" "15360 5120 tf32 col" "5120 5120 bf16 row" "5120 13824 bf16 row"; do set -- $s
    bp 50 --m 128 --n $1 --k $2 --dtype $3 --b-layout $4; wb 50 --m 128 --n $1 --k $2 --dtype $3 --b-layout $4
  done
done
suite $WN f16 wn
suite $WN bf16 wn
suite $WN "tf32 --b-layout col" wn
