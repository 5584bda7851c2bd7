#!/usr/bin/env bash
# Run 11-c (H100): the mma.sync kernels' paired epilogue stores (`st.global.v2.f32`, this
# session) against scalar stores (`$OLD`, session 10's binary): correctness on sm_80
# kernels (suites, ragged even and odd N, alpha / beta, memcheck) and time where the
# epilogue weighs (K = 64, 256) and at 4096^3, on sm_80 and on sm_90a's small-K defaults.
#   OUT=... bash docs/logs/run11-c.sh
. "$(dirname "$0")/run11-lib.sh"
for d in f16 bf16 tf32; do log "suite sm_80 $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target sm_80 2>&1 | grep -E "^FAIL|passed"; done
for s in "1000 1002 1000" "999 1004 1000" "1000 1001 100" "4096 4096 64"; do read -r sm sn sk <<< "$s"
  T=sm_80 v --m $sm --n $sn --k $sk --alpha 1.5 --beta -0.5
  T=sm_80 v --m $sm --n $sn --k $sk --dtype tf32
done
T=sm_80 mc --m 1000 --n 1002 --k 1000 --alpha 1.5 --beta -0.5
v --m 4096 --n 4096 --k 64
v --m 4096 --n 4096 --k 256 --alpha 1.5 --beta -0.5
for round in 1 2; do
  for s in "4096 4096 64" "4096 4096 256" "4096 4096 4096"; do read -r sm sn sk <<< "$s"
    T=sm_80 bo --m $sm --n $sn --k $sk; T=sm_80 b --m $sm --n $sn --k $sk
  done
  for s in "4096 4096 64" "4096 4096 256"; do read -r sm sn sk <<< "$s"
    bo --m $sm --n $sn --k $sk; b --m $sm --n $sn --k $sk
  done
done
