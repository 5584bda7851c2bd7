#!/usr/bin/env bash
# Run 13-m (H200): the final kernels (13-k's) at the square shapes, two rounds, and the
# H100-LLM suite's f16 table.
#   OUT=... bash docs/logs/run13-m.sh
. "$(dirname "$0")/run13-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for round in 1 2; do log "round $round"; squares; done
