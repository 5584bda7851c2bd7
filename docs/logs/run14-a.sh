#!/usr/bin/env bash
# Run 14-a (H100): heterogeneous warpgroup tiles (FFMA columns beside wgmma, tf32, new this
# session) verified at forced ratios (ragged shapes, alpha/beta, epilogue / multicast /
# persistence / ping-pong options, memcheck, the tf32 suite at ratio 0.03); the warp-path
# defaults the mix-ILP fix changed (sm_86 / sm_89 suites, sm_80 f16acc), verified on the
# H100.
#   OUT=... bash docs/logs/run14-a.sh
. "$(dirname "$0")/run14-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
TF="--dtype tf32 --b-layout col"
v --m 4096 --n 4096 --k 4096 $TF --ratio 0.03 --plan 1
v --m 4096 --n 4096 --k 4096 $TF --ratio 0.03 --plan 4
v --m 1000 --n 1002 --k 1000 $TF --ratio 0.03 --plan 1
v --m 1000 --n 1002 --k 1000 $TF --ratio 0.03 --plan 2 --alpha 1.5 --beta -0.5
v --m 1000 --n 1002 --k 1000 $TF --ratio 0.07 --plan 1 --alpha 1.5 --beta -0.5
v --m 777 --n 333 --k 1004 $TF --ratio 0.03 --plan 1
v --m 1000 --n 2300 --k 1000 $TF --ratio 0.03
v --m 1000 --n 2301 --k 1000 $TF --ratio 0.03 --alpha 1.5 --beta -0.5
v --m 3000 --n 2056 --k 1032 $TF --ratio 0.03 --tma-store off
v --m 3000 --n 2056 --k 1032 $TF --ratio 0.03 --multicast off
v --m 3000 --n 2056 --k 1032 $TF --ratio 0.03 --persistent off
v --m 2048 --n 2048 --k 2048 $TF --ratio 0.03 --plan 4 --pingpong on
v --m 128 --n 4096 --k 4096 $TF --ratio 0.03 --plan 1
v --m 24 --n 1032 --k 1032 $TF --ratio 0.03
mc --m 1000 --n 1002 --k 1000 $TF --ratio 0.03 --plan 1
mc --m 1000 --n 2300 --k 1000 $TF --ratio 0.03
log "suite tf32 sm_90a --ratio 0.03"; timeout 280 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype tf32 --ratio 0.03 --target sm_90a 2>&1 | grep -E "^FAIL|passed|mosaic:"
for t in sm_89 sm_86; do log "suite all $t"; timeout 280 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype all --target $t 2>&1 | grep -E "^FAIL|passed|mosaic:"; done
log "suite f16acc sm_80"; timeout 280 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype f16acc --target sm_80 2>&1 | grep -E "^FAIL|passed|mosaic:"
