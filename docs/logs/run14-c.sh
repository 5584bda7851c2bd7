#!/usr/bin/env bash
# Run 14-c (H200): the final binary. Its FFMA-column kernels verified again (16 registers of
# addresses now, so some tiles run one CTA per SM; pure before mixed at equal cycles), the
# tf32 suites at forced ratios, memcheck; the f16acc warp-path suites of sm_89 / sm_86 (the
# tie rule changed 8 of their defaults); then run 14-b's 27 tf32 plans timed against cuBLAS
# on the H200 (plan numbers of this binary: `hopper-rank-14.py --locate`).
#   OUT=... bash docs/logs/run14-c.sh
. "$(dirname "$0")/run14-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
TF="--dtype tf32 --b-layout col"
v --m 4096 --n 4096 --k 4096 $TF --ratio 0.03
v --m 1000 --n 1002 --k 1000 $TF --ratio 0.03 --alpha 1.5 --beta -0.5
v --m 1000 --n 2300 --k 1000 $TF --ratio 0.08
v --m 1000 --n 2301 --k 1000 $TF --ratio 0.03 --tma-store off
v --m 2048 --n 2048 --k 2048 $TF --ratio 0.03 --plan 7
v --m 2048 --n 2048 --k 2048 $TF --ratio 0.03 --plan 7 --tma-store off
v --m 2048 --n 2048 --k 2048 $TF --ratio 0.03 --plan 2 --pingpong on
v --m 2000 --n 2050 --k 2048 $TF --ratio 0.03 --plan 4 --pingpong on --alpha 1.5 --beta -0.5
mc --m 1000 --n 2300 --k 1000 $TF --ratio 0.08
for r in 0.03 0.08; do log "suite tf32 sm_90a --ratio $r"; timeout 280 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype tf32 --ratio $r --target sm_90a 2>&1 | grep -E "^FAIL|passed|mosaic:"; done
for t in sm_89 sm_86; do log "suite f16acc $t"; timeout 280 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype f16acc --target $t 2>&1 | grep -E "^FAIL|passed|mosaic:"; done
rank() { local s="$1"; shift; for rp in "$@"; do set -- $s; log "rank $s $rp"; $M bench gemm --m $1 --n $2 --k $3 $TF --ratio ${rp% *} --plan ${rp#* } --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; done; }
rank "4096 4096 4096" "0 1" "0 2" "0 3" "0.03 1" "0.03 4" "0.03 6" "0.03 11" "0.07 1"
rank "2048 2048 2048" "0 1" "0 3" "0 4" "0.03 1" "0.03 7" "0.03 10" "0.03 2" "0.07 2"
rank "4096 4096 1024" "0 1" "0 3" "0.03 1" "0.03 2" "0.03 3" "0.07 1"
rank "128 4096 4096" "0 1" "0 2" "0.03 1" "0.03 2" "0.03 3"
