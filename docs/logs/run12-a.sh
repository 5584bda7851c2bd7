#!/usr/bin/env bash
# Run 12-a (H100): ping-pong consumers (`--pingpong on`: two consumer warpgroups taking a
# persistent CTA's tiles in turn) on one-warpgroup plans. Verified first (both epilogue
# paths, ragged, bf16, tf32, multicast off, memcheck), then timed against the default
# (cooperative 128x256) kernel in two alternating rounds.
#   OUT=... bash docs/logs/run12-a.sh
. "$(dirname "$0")/run12-lib.sh"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
SQ="--m 4096 --n 4096 --k 4096"
RG="--m 3000 --n 2056 --k 1032"
for d in f16 bf16 "tf32 --b-layout col"; do
  for s in "$SQ" "$RG"; do
    P=$(pp 1 $s --dtype $d)
    log "plan $P"; v $s --dtype $d --plan $P --pingpong on
    v $s --dtype $d --plan $P --pingpong on --alpha 1.5 --beta -0.5
  done
done
for n in 1 2; do P=$(pp $n $SQ); log "plan $P"; v $SQ --plan $P --pingpong on --multicast off; v $SQ --plan $P --pingpong on --stages 6; done
P=$(pp 1 $RG); mc $RG --plan $P --pingpong on
P=$(pp 2 $RG); mc $RG --plan $P --pingpong on --alpha 2 --beta 1
for round in 1 2; do
  for s in "$SQ" "--m 8192 --n 8192 --k 8192" "--m 4096 --n 14336 --k 4096" "--m 4096 --n 4096 --k 14336"; do
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
# 11-d's `--dtype all` sm_80 suite printed neither a count nor a FAIL line: each dtype
# alone, with the CLI's own error line kept.
for d in f16 f16acc bf16 tf32 f32 s8; do log "suite sm_80 $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target sm_80 2>&1 | grep -E "^FAIL|passed|mosaic:"; done
