#!/usr/bin/env bash
# Run 8-o (H100): the session's final binary (8-m's default kernels, byte-identical; 8-n's
# stream-K kernels): the square shapes and the LLM suites of the three dtypes.
#   OUT=... bash docs/logs/run8-o.sh
. "$(dirname "$0")/run8-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
squares
llm_suites
