#!/usr/bin/env bash
# Run 23-h (H200): the LLM suites of the run-23 build (f16 and bf16 with a row-major B, tf32
# with a column-major B, as in every run since 10).
#   OUT=... bash docs/logs/run23-h.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
suite $MB f16 new
suite $MB bf16 new
suite $MB "tf32 --b-layout col" new
