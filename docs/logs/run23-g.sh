#!/usr/bin/env bash
# Run 23-g (H200): the run-23 build (a651b72) against the base build (d2d5eab) on the shapes
# whose kernels changed (128x6144x4096 with a row-major B: 64x96 tiles with a tail box;
# 128x5120 with a column-major B: 64x80 tiles), two interleaved rounds; the verify suites;
# 4096^3 as a control (its kernel did not change).
#   OUT=... bash docs/logs/run23-g.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16 tf32; do log "verify suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
v --m 128 --n 5120 --k 5120 --dtype tf32 --b-layout col
v --m 100 --n 6048 --k 4000 --dtype bf16 --alpha 1.5 --beta -0.5
for r in 1 2; do
  for s in "--m 128 --n 6144 --k 4096 --dtype f16" "--m 128 --n 6144 --k 4096 --dtype bf16" \
           "--m 128 --n 5120 --k 5120 --dtype tf32 --b-layout col" "--m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col" \
           "--m 128 --n 5120 --k 5120 --dtype f16 --b-layout col"; do
    bpb 100 $s; bp 100 $s
  done
done
bp 100 --m 4096 --n 4096 --k 4096 --dtype f16
