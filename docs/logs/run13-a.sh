#!/usr/bin/env bash
# Run 13-a (H100): batched GEMM on the wgmma path (new this session: one grid over every
# batch's tile slots, 3-D tensor maps): verify suites at batch 2, ragged shapes with alpha /
# beta in every layout the path takes, the epilogue / multicast / persistence options,
# memcheck; then times against cuBLAS's strided-batched GEMM, the old binary (warp path)
# in the same run.
#   OUT=... bash docs/logs/run13-a.sh
. "$(dirname "$0")/run13-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for d in f16 bf16 "tf32 --b-layout col"; do
  log "suite bmm $d (batch 2)"; $M verify bmm --batch 2 --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed|mosaic:"
done
vb --batch 5 --m 1000 --n 1000 --k 1000 --dtype f16
vb --batch 5 --m 1000 --n 1000 --k 1000 --dtype f16 --alpha 1.5 --beta -0.5
vb --batch 3 --m 1000 --n 1002 --k 1000 --dtype f16 --b-layout col --alpha 2 --beta -1
vb --batch 7 --m 1000 --n 1000 --k 1000 --dtype bf16 --a-layout col --b-layout col --alpha 1.5 --beta -0.5
vb --batch 4 --m 1000 --n 1000 --k 1000 --dtype tf32 --b-layout col
vb --batch 4 --m 1000 --n 1000 --k 1000 --dtype tf32 --b-layout col --alpha 1.5 --beta -0.5
vb --batch 3 --m 3000 --n 2056 --k 1032 --dtype f16 --tma-store off
vb --batch 3 --m 3000 --n 2056 --k 1032 --dtype f16 --multicast off
vb --batch 3 --m 3000 --n 2056 --k 1032 --dtype f16 --persistent off
vb --batch 6 --m 128 --n 4096 --k 4096 --dtype f16
vb --batch 2 --m 24 --n 1032 --k 1032 --dtype bf16
vb --batch 64 --m 256 --n 256 --k 1024 --dtype f16
mcb --batch 3 --m 1000 --n 1000 --k 1000 --dtype f16
mcb --batch 3 --m 1000 --n 1002 --k 1000 --dtype f16 --b-layout col --alpha 2 --beta -1
for s in "--batch 8 --m 1024 --n 1024 --k 1024" "--batch 32 --m 512 --n 512 --k 512" "--batch 16 --m 1000 --n 1000 --k 1000" "--batch 64 --m 256 --n 256 --k 1024" "--batch 4 --m 4096 --n 4096 --k 4096" "--batch 8 --m 128 --n 4096 --k 4096"; do
  bbo $s
  bb $s
done
bbo --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype bf16
# Where the model ranks the warp path first (64 x 256x256x1024, 8 x 128x4096x4096): the
# wgmma plans after it.
for p in 2 4; do
  bb --batch 64 --m 256 --n 256 --k 1024 --plan $p
  bb --batch 8 --m 128 --n 4096 --k 4096 --plan $p
done
