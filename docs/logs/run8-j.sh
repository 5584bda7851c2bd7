#!/usr/bin/env bash
# Run 8-j: the final binary of this session on an H200 — verify suites, memcheck on a
# ragged TMA-store kernel, a transposed one and a stream-K one, the square shapes and the
# LLM suites against cuBLAS in the same process. `--target sm_90a` (the H100's SM count,
# which the H200 shares; plans ranked with the H100's bandwidth, as in 7-g).
#   OUT=... bash docs/logs/run8-j.sh
. "$(dirname "$0")/run8-lib.sh"
h200_run
