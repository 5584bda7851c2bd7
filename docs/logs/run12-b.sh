#!/usr/bin/env bash
# Run 12-b (H100): 12-a again after the fix (ping-pong consumers now take the main loops in
# turn through named barriers; in 12-a every ping-pong launch failed, and the memcheck run
# hung until the call's limit). Every command under `timeout`; stops after the first
# verify if that fails.
#   OUT=... bash docs/logs/run12-b.sh
. "$(dirname "$0")/run12-lib.sh"
MB=$M; M="timeout 90 $MB"
mc() { log "memcheck $*"; timeout 150 compute-sanitizer --tool memcheck $MB verify gemm "$@" --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200; }
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
SQ="--m 4096 --n 4096 --k 4096"
RG="--m 3000 --n 2056 --k 1032"
P=$(pp 1 $SQ); log "plan $P"
$M verify gemm $SQ --plan $P --pingpong on --target $T 2>&1 | tail -1 | tee /dev/stderr | grep -q "1 passed" || { echo "first verify failed: stop"; exit 1; }
for d in f16 bf16 "tf32 --b-layout col"; do
  for s in "$SQ" "$RG"; do
    P=$(pp 1 $s --dtype $d)
    log "plan $P"; v $s --dtype $d --plan $P --pingpong on
    v $s --dtype $d --plan $P --pingpong on --alpha 1.5 --beta -0.5
  done
done
for n in 1 2; do P=$(pp $n $SQ); log "plan $P"; v $SQ --plan $P --pingpong on --multicast off; v $SQ --plan $P --pingpong on --stages 6; done
P=$(pp 2 $RG); log "plan $P"; v $RG --plan $P --pingpong on --alpha 2 --beta 1
P=$(pp 1 $RG); mc $RG --plan $P --pingpong on
for round in 1 2; do
  for s in "$SQ" "--m 8192 --n 8192 --k 8192" "--m 4096 --n 14336 --k 4096"; do
    b $s
    for n in 1 2; do P=$(pp $n $s); log "plan $P (pingpong $n)"
      b $s --plan $P --pingpong on
      b $s --plan $P --pingpong on --stages 6
    done
  done
done
for d in bf16 "tf32 --b-layout col"; do
  b $SQ --dtype $d; P=$(pp 1 $SQ --dtype $d); b $SQ --dtype $d --plan $P --pingpong on; b $SQ --dtype $d --plan $P --pingpong on --stages 6
done
for d in f16 f16acc bf16 tf32 f32 s8; do log "suite sm_80 $d"; timeout 120 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target sm_80 2>&1 | grep -E "^FAIL|passed|mosaic:"; done
