#!/usr/bin/env bash
# Run 13-l (H100): per-warp TMA stores in the epilogue (16-row boxes, bar.warp.sync; no
# named barrier across the warpgroup, which synced twice per 64x32 box before). Verify,
# then three interleaved rounds against the binary before (`mosaic-13b`, commit aaa2d88's kernels).
#   OUT=... bash docs/logs/run13-l.sh
. "$(dirname "$0")/run13-lib.sh"
OLDB=./.carry-rt/mosaic-13b; OLD="timeout 120 $OLDB"
log "suite sm_90a all dtypes"; timeout 300 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype all --target $T 2>&1 | grep -E "^FAIL|passed|mosaic:"
v --m 3000 --n 2056 --k 1032 --dtype f16
v --m 3000 --n 2056 --k 1032 --dtype f16 --pingpong on --plan 4
vb --batch 3 --m 1000 --n 1000 --k 1000 --dtype bf16
mc --m 3000 --n 2056 --k 1032 --dtype f16
for round in 1 2 3; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 4096 --n 4096 --k 512 --dtype f16" "--m 4096 --n 14336 --k 4096 --dtype f16"; do
    bo $a; b $a
  done
done
