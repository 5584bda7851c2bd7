#!/usr/bin/env bash
# Run 13-g (H200): this session's final binary on an H200: batched GEMM on the wgmma path
# (verify suite, memcheck, times against the warp path of run 12's binary) and the changed
# small-K defaults (B multicast off at K <= 1024) against run 12's, one round each.
#   OUT=... bash docs/logs/run13-g.sh
. "$(dirname "$0")/run13-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
log "suite bmm f16 (batch 2)"; $M verify bmm --batch 2 --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed|mosaic:"
vb --batch 3 --m 1000 --n 1002 --k 1000 --dtype bf16 --b-layout col --alpha 2 --beta -1
mcb --batch 3 --m 1000 --n 1000 --k 1000 --dtype f16
for s in "--batch 8 --m 1024 --n 1024 --k 1024" "--batch 32 --m 512 --n 512 --k 512" "--batch 16 --m 1000 --n 1000 --k 1000" "--batch 4 --m 4096 --n 4096 --k 4096"; do
  bbo $s; bb $s
done
bb --batch 16 --m 1024 --n 1024 --k 1024
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype bf16
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col
for s in "4096 4096 64" "4096 4096 512" "4096 4096 1024" "8192 8192 128" "2048 2048 1024"; do
  read -r m n k <<< "$s"; bo --m $m --n $n --k $k --dtype f16; b --m $m --n $n --k $k --dtype f16
done
for s in "4096 4096 512" "2048 2048 256"; do
  read -r m n k <<< "$s"; bo --m $m --n $n --k $k --dtype tf32 --b-layout col; b --m $m --n $n --k $k --dtype tf32 --b-layout col
done
b --m 4096 --n 4096 --k 4096 --dtype f16
