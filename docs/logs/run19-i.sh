#!/usr/bin/env bash
# Run 19-i (H200): CUTLASS's 10 ms suspend-time hint on every barrier wait (`mosaic-sh10m2`,
# the fixed build of 19-g with the hint) against the same build without it, beyond 4096^3:
# sustained and timed 4096^3, timed decode, small-K and tf32 shapes, and the f16 LLM suite.
#   OUT=... bash docs/logs/run19-i.sh
. "$(dirname "$0")/run19-lib.sh"
E_SECS=1.5
H=./.carry-rt/mosaic-sh10m2
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for d in f16 bf16; do
    e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=$H e --m 4096 --n 4096 --k 4096 --dtype $d
  done
done
for r in 1 2; do
  for a in "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16" "--m 2048 --n 2048 --k 2048 --dtype f16" \
           "--m 128 --n 4096 --k 4096 --dtype f16" "--m 16 --n 5120 --k 5120 --dtype bf16" \
           "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col"; do
    for bin in $MB $H; do
      log "bench ($bin) $a"; $bin bench gemm $a --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
    done
  done
done
for bin in $MB $H; do
  $bin bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20 > /tmp/s.txt 2>&1
  log "llm f16 ($bin)"; grep -E "^\|" /tmp/s.txt | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric /tmp/s.txt
done
