#!/usr/bin/env bash
# Run 20-a: (1) cuBLAS's own suspend-time hint. nvjet's waits compile to
# `TRYWAIT; @!P NANOSLEEP.SYNCS 0xc350` (run 15-b's SASS), which is what ptxas 13.0 makes of
# `mbarrier.try_wait.parity` with a 50000 ns hint. `mosaic-sh50u` = this session's build with
# docs/logs/run20-hack-sh50u.patch (50 us on every wait); `mosaic-sh10m2` = run 19's 10 ms
# build. Timed and sustained 4096^3, timed decode / small-K shapes.
# (2) The f16 LLM suite with `--energy` (NVML now opened once per process).
#   OUT=... bash docs/logs/run20-a.sh
. "$(dirname "$0")/run19-lib.sh"
E_SECS=1.5
H=./.carry-rt/mosaic-sh50u
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "verify ($H) f16 suite"
timeout 120 $H verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed"
for r in 1 2; do
  for d in f16 bf16; do
    e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=$H e --m 4096 --n 4096 --k 4096 --dtype $d
  done
done
for r in 1 2; do
  for a in "--m 128 --n 4096 --k 4096 --dtype f16" "--m 16 --n 5120 --k 5120 --dtype bf16" \
           "--m 4096 --n 4096 --k 1024 --dtype f16" "--m 2048 --n 2048 --k 2048 --dtype f16"; do
    for bin in $MB $H ./.carry-rt/mosaic-sh10m2; do
      log "bench ($bin) $a"; $bin bench gemm $a --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
    done
  done
done
log "llm f16 suite, --energy 0.3 ($MB)"
$MB bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20 --energy 0.3 > /tmp/s.txt 2>&1; echo "rc $?"
grep -E "^\||geometric" /tmp/s.txt
log "llm f16 suite ($H)"
$H bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20 > /tmp/s2.txt 2>&1
grep -E "^\|" /tmp/s2.txt | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric /tmp/s2.txt
