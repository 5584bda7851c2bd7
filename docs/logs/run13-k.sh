#!/usr/bin/env bash
# Run 13-k (H100): each tile's first wgmma with scale-d false (D = A * B) instead of
# zeroing the accumulators first. Verify (the sm_90a suite over every dtype, split-K,
# stream-K, ping-pong, batched; memcheck), then three interleaved rounds against the
# binary before the change (`mosaic-13a`, commit f26e4f4's kernels).
#   OUT=... bash docs/logs/run13-k.sh
. "$(dirname "$0")/run13-lib.sh"
OLDB=./.carry-rt/mosaic-13a; OLD="timeout 120 $OLDB"
log "suite sm_90a all dtypes"; timeout 300 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype all --target $T 2>&1 | grep -E "^FAIL|passed|mosaic:"
v --m 128 --n 4096 --k 4096 --dtype f16 --alpha 1.5 --beta -0.5
v --m 3000 --n 2056 --k 1032 --dtype bf16 --stream-k on
v --m 3000 --n 2056 --k 1032 --dtype f16 --pingpong on --plan 4
vb --batch 2 --m 128 --n 1024 --k 8192 --dtype f16
mc --m 3000 --n 2056 --k 1032 --dtype f16 --alpha 2 --beta -1
for round in 1 2 3; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 4096 --k 512 --dtype f16"; do
    bo $a; b $a
  done
done
bo --m 4096 --n 4096 --k 4096 --dtype bf16; b --m 4096 --n 4096 --k 4096 --dtype bf16
