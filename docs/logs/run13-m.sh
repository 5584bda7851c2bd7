#!/usr/bin/env bash
# Run 13-m (H200): the final kernels (13-k's) at the square shapes (4096^3, 8192^3; f16,
# bf16, tf32), two rounds.
#   OUT=... bash docs/logs/run13-m.sh
. "$(dirname "$0")/run13-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for round in 1 2; do log "round $round"; squares; done
