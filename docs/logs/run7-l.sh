#!/usr/bin/env bash
# Run 7-l (H100): the weakest suite shape, 128x4096x4096 f16, its first 12 ranked plans (see
# hopper-plans-7l.txt) and deeper rings on the default, for the next session.
#   OUT=... bash docs/logs/run7-l.sh
. "$(dirname "$0")/run7-lib.sh"
for p in $(seq 1 12); do log "plan $p"; $M bench gemm --m 128 --n 4096 --k 4096 --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; done
for st in 4 8 10; do log "plan 1 --stages $st"; $M bench gemm --m 128 --n 4096 --k 4096 --stages $st --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; done
