#!/usr/bin/env bash
# Run 20-f: the final build (overlap up to 64 k-tiles, balanced sustained schedule).
# The f16 and bf16 verify suites (4096^3 changed), memcheck on a ragged shape that now takes
# the overlap (2100x2056x3000: 47 k-tiles), the f16 and bf16 LLM suites, and 4096^3 sustained.
#   OUT=... bash docs/logs/run20-f.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16; do log "suite $d"; $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
v --m 2100 --n 2056 --k 3000 --dtype bf16
mc --m 2100 --n 2056 --k 3000
for d in f16 bf16; do
  $MB bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > /tmp/s.txt 2>&1
  log "llm $d"; grep -E "^\|" /tmp/s.txt | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric /tmp/s.txt
done
for d in f16 bf16; do e --m 4096 --n 4096 --k 4096 --dtype $d; done
