#!/usr/bin/env bash
# Run 49-e: run 49's final code (mosaic-49e, c0baa1d): verify of the tf32 and f16 suites,
# memcheck of a ragged kernel with A from registers and one k-step a k-tile (32-byte spans),
# and the tf32 LLM suite with a row-major B twice, cuBLAS in the same process.
#   OUT=... bash docs/logs/run49-e.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-49e
for d in tf32 f16; do
  log "verify ($N) gemm --suite --dtype $d"
  timeout 300 ./.carry-rt/$N verify gemm --suite --dtype $d --target $T 2>&1 | tail -1 | cut -c1-200
done
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
a="gemm --m 300 --n 264 --k 200 --dtype tf32 --a-layout col --b-layout col --swizzle 32"
log "memcheck verify ($N) $a"
timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
for i in 1 2; do
  log "bench ($N) --suite llm --dtype tf32"
  timeout 200 ./.carry-rt/$N bench gemm --suite llm --dtype tf32 --target $T --samples 20 2>&1 | cut -c1-260
done
