#!/usr/bin/env bash
# Run 41-c (H100): the LLM suite (f16, bf16; row-major A and B, f32 C) with the session's
# final build (`mosaic-41c`, defaults as run 39's: no H100 suite reading since run 29), then
# at six of 41-b's weak M = 128 shapes on this H100 the default against A-and-B multicast
# blocks (4 x 2, 2 x 4, 2 x 2: the `half_rows` rule keeps 8-CTA blocks off grids whose clusters
# exceed the H100's 14) and the second and third ranked plans.
#   OUT=... bash docs/logs/run41-c.sh; BASE=mosaic-41c python3 docs/logs/run39-vs.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16; do
  log "suite llm $d"
  timeout 150 ./.carry-rt/mosaic-41c bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-$d.txt" 2>&1
  grep -iE "geomean|geometric" "$OUT/llm-$d.txt"
done
for s in "1560 1336" "2688 1512" "2776 1472" "3776 1352" "3824 5096" "4432 1272"; do
  set -- $s
  av mosaic-41c "-|--multicast ab4x2|--multicast ab2x4|--multicast ab2x2|--plan 2|--plan 3" --m 128 --n $1 --k $2
done
