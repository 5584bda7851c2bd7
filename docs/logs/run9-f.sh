#!/usr/bin/env bash
# Run 9-f (H200): run 9-e's kernels on an H200: verify suites, memcheck (TMA-store,
# transposed, stream-K), the squares and the LLM suites against cuBLAS.
#   OUT=... bash docs/logs/run9-f.sh
. "$(dirname "$0")/run9-lib.sh"
h200_run
