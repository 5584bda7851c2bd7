#!/usr/bin/env bash
# Run 15-f (H200): the final kernels: verify suites, memcheck (TMA store, transposed,
# stream-K), squares and the LLM suites of the three dtypes against cuBLAS.
#   OUT=... bash docs/logs/run15-f.sh
. "$(dirname "$0")/run15-lib.sh"
h200_run
