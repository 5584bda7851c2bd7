#!/usr/bin/env bash
# Run 23-d: 96-column tiles of a row-major B as cuBLAS loads them (23-b, 23-c): one whole
# 64-column chunk and a 32-column tail box (a second tensor map) into the left half of the
# second chunk. Correctness (ragged N, alpha/beta, memcheck, the suites), then three
# interleaved rounds against run 22's build (128x64 tiles at this shape), deeper rings and
# B multicast (cuBLAS's 1x2 cluster).
#   OUT=... bash docs/logs/run23-d.sh
. "$(dirname "$0")/run23-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
$M plans gemm --m 128 --n 6144 --k 4096 --target $T --top 1 | grep -E "cta|kernel"
for d in f16 bf16; do
  v --m 128 --n 6144 --k 4096 --dtype $d
  v --m 100 --n 6048 --k 4000 --dtype $d --alpha 1.5 --beta -0.5
  v --m 120 --n 6144 --k 1000 --dtype $d
  v --m 256 --n 6144 --k 4096 --dtype $d
  v --m 1000 --n 960 --k 1000 --dtype $d --plan 4
  v --m 128 --n 6144 --k 4096 --dtype $d --stages 9
  v --m 128 --n 6144 --k 4096 --dtype $d --multicast on
  v --m 100 --n 5952 --k 1000 --dtype $d --multicast on --alpha 1.5 --beta -0.5
  v --m 120 --n 6048 --k 1000 --dtype $d --multicast on
done
mc --m 100 --n 6048 --k 4000 --dtype bf16 --alpha 1.5 --beta -0.5
mc --m 100 --n 5952 --k 1000 --dtype f16 --multicast on
for r in 1 2 3; do
  for d in f16 bf16; do
    bpb 100 --m 128 --n 6144 --k 4096 --dtype $d
    bp 100 --m 128 --n 6144 --k 4096 --dtype $d
    bp 100 --m 128 --n 6144 --k 4096 --dtype $d --stages 9
    bp 100 --m 128 --n 6144 --k 4096 --dtype $d --multicast on
  done
done
for d in f16 bf16; do log "suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
