#!/usr/bin/env bash
# Run 22-m: 22-l on an H100 and for tf32: the f16 and tf32 (column-major B) LLM suites,
# run-22 build (128-byte L2 promotion on lone grids) against the run-21 build, alternating.
#   OUT=... bash docs/logs/run22-m.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
suite $BASE f16 run21; suite $MB f16 run22
suite $MB "tf32 --b-layout col" run22; suite $BASE "tf32 --b-layout col" run21
