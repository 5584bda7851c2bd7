#!/usr/bin/env bash
# Run 22-b: issue 4's goal table with the run-22 build: 4096^3 and 8192^3 in the three
# dtypes (paired samples), then the three LLM suites (whole tables in $OUT/llm-*.txt).
#   OUT=... bash docs/logs/run22-b.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16 "tf32 --b-layout col"; do
  for i in 1 2; do bp 100 --m 4096 --n 4096 --k 4096 --dtype $d; done
  bp 30 --m 8192 --n 8192 --k 8192 --dtype $d
done
llm_suites
