#!/usr/bin/env bash
# Run 22-d: 96-column tiles of a row-major B at 128-byte spans, held as two whole 64-column
# chunks (TMA fills both, wgmma m64n96 reads the first 96 columns): correctness (ragged N
# whose last tile's second chunk lies partly past the tensor, alpha/beta, memcheck), then
# three interleaved rounds against the run-21 build's 128x64 tiles, and a deeper ring.
#   OUT=... bash docs/logs/run22-d.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
$M plans gemm --m 128 --n 6144 --k 4096 --target $T --top 1 | grep -E "cta|kernel"
for d in f16 bf16; do
  v --m 128 --n 6144 --k 4096 --dtype $d
  v --m 100 --n 6048 --k 4000 --dtype $d --alpha 1.5 --beta -0.5
  v --m 120 --n 6144 --k 1000 --dtype $d
  v --m 256 --n 6144 --k 4096 --dtype $d
  v --m 1000 --n 960 --k 1000 --dtype $d --plan 4
  v --m 128 --n 6144 --k 4096 --dtype $d --stages 9
done
mc --m 100 --n 6048 --k 4000 --dtype bf16 --alpha 1.5 --beta -0.5
for r in 1 2 3; do
  for d in f16 bf16; do
    bpb 100 --m 128 --n 6144 --k 4096 --dtype $d
    bp 100 --m 128 --n 6144 --k 4096 --dtype $d
    bp 100 --m 128 --n 6144 --k 4096 --dtype $d --stages 9
  done
done
for s in "256 6144 4096" "100 6048 4000"; do read -r sm sn sk <<< "$s"
  for r in 1 2; do bpb 50 --m $sm --n $sn --k $sk; bp 50 --m $sm --n $sn --k $sk; done
done
for d in f16 bf16; do log "suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
