#!/usr/bin/env bash
# Run 48-g: 48-f again on another machine (asked for an H200; an H100 came): the final build of run 48 (mosaic-48f: transposing copies, the warp-level latency
# scale, short-m tiles) over the whole LLM suite in tf32 with a row-major B (the default
# layout), cuBLAS in the same process (`bench --suite llm`; --m/--n/--k are ignored).
#   OUT=... bash docs/logs/run48-g.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "bench (mosaic-48f) --suite llm --dtype tf32"
timeout 500 ./.carry-rt/mosaic-48f bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --target $T --samples 20 2>&1 | cut -c1-260
