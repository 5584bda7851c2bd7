#!/usr/bin/env bash
# Run 11-d (H100): small-K defaults after the per-wave latency term (run 10's binary as
# $OLD ran 4-wave mma.sync grids there), verified first, then two alternating rounds; and
# the mma.sync epilogue's s32 and packed-f16 pairs (simulated in CI, never run on a GPU in
# run 11): sm_80 suites of every dtype, ragged even N with alpha / beta, memcheck.
#   OUT=... bash docs/logs/run11-d.sh
. "$(dirname "$0")/run11-lib.sh"
S="4096,4096,64 4096,4096,128 4096,4096,256 4096,4096,512 8192,8192,128 2048,2048,256 1024,1024,64 4096,14336,128"
for s in $S; do IFS=, read -r sm sn sk <<< "$s"; v --m $sm --n $sn --k $sk --alpha 1.5 --beta -0.5; v --m $sm --n $sn --k $sk --dtype tf32 --b-layout col; done
mc --m 4096 --n 4096 --k 64
log "suite sm_80 all dtypes"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype all --target sm_80 2>&1 | grep -E "^FAIL|passed"
for d in s8 f16acc; do T=sm_80 v --m 1000 --n 1002 --k 1000 --dtype $d --alpha 2 --beta -1; done
T=sm_80 mc --m 1000 --n 1002 --k 1000 --dtype f16acc --alpha 2 --beta -1
for round in 1 2; do
  for s in $S; do IFS=, read -r sm sn sk <<< "$s"; bo --m $sm --n $sn --k $sk; b --m $sm --n $sn --k $sk; done
  for s in "4096,4096,64" "4096,4096,256"; do IFS=, read -r sm sn sk <<< "$s"
    for d in bf16 "tf32 --b-layout col"; do bo --m $sm --n $sn --k $sk --dtype $d; b --m $sm --n $sn --k $sk --dtype $d; done
  done
done
