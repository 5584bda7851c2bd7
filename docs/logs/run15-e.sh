#!/usr/bin/env bash
# Run 15-e (H100): the final kernels (one stage release per warpgroup): squares and the
# LLM suites of the three dtypes against cuBLAS.
#   OUT=... bash docs/logs/run15-e.sh
. "$(dirname "$0")/run15-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
squares
llm_suites
