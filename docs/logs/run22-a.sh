#!/usr/bin/env bash
# Run 22-a: 96-column B tiles for a row-major B (MN-major, 64-byte swizzle spans: three
# 32-column chunks), the new default at 128x6144x4096 f16/bf16. Verify them (ragged,
# alpha/beta, memcheck), time them against the run-21 build's 128x64 tiles in three
# interleaved rounds, then the f16/bf16 verify suites.
#   OUT=... bash docs/logs/run22-a.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
$M plans gemm --m 128 --n 6144 --k 4096 --target $T --top 1 | grep -E "cta|kernel"
for d in f16 bf16; do
  v --m 128 --n 6144 --k 4096 --dtype $d
  v --m 100 --n 6048 --k 4000 --dtype $d --alpha 1.5 --beta -0.5
  v --m 120 --n 6144 --k 1000 --dtype $d
  v --m 256 --n 6144 --k 4096 --dtype $d
done
mc --m 100 --n 6048 --k 4000 --dtype bf16 --alpha 1.5 --beta -0.5
for r in 1 2 3; do
  for d in f16 bf16; do
    bpb 100 --m 128 --n 6144 --k 4096 --dtype $d
    bp 100 --m 128 --n 6144 --k 4096 --dtype $d
  done
done
for s in "256 6144 4096" "100 6048 4000"; do read -r sm sn sk <<< "$s"
  for r in 1 2; do bpb 50 --m $sm --n $sn --k $sk; bp 50 --m $sm --n $sn --k $sk; done
done
for d in f16 bf16; do log "suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
