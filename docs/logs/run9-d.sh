#!/usr/bin/env bash
# Run 9-d (H100): lone unsplit grids keep 80 KiB of the streamed operand in flight
# (LONE_STREAM_BYTES) instead of 80 KiB of both operands: 18 of the 75 default kernels
# change (M = 128 and M = 16 shapes of N = 6144 or 5120). The f16 suite, memcheck on one
# changed kernel, two interleaved rounds of the changed shapes against session 8's binary
# (f16, then tf32 for two), and the unsplit alternatives to the split-K defaults.
#   OUT=... bash docs/logs/run9-d.sh
. "$(dirname "$0")/run9-lib.sh"
log "suite f16"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed"
v --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col
mc --m 128 --n 5120 --k 5120
mc --m 16 --n 5120 --k 5120
for round in 1 2; do
  log "round $round"
  for s in "128 6144 4096" "128 5120 5120" "128 5120 13824" "16 6144 4096" "16 5120 5120" "16 5120 13824"; do
    read -r sm sn sk <<< "$s"
    bo --m $sm --n $sn --k $sk
    b --m $sm --n $sn --k $sk
  done
  for s in "128 5120 13824" "16 5120 5120"; do
    read -r sm sn sk <<< "$s"
    bo --m $sm --n $sn --k $sk --dtype tf32 --b-layout col
    b --m $sm --n $sn --k $sk --dtype tf32 --b-layout col
  done
  for s in "128 4096 4096 5" "128 4096 4096 9" "128 4096 14336 1" "128 4096 14336 4" "128 4096 14336 30" "16 4096 4096 1" "16 4096 4096 8" "16 4096 14336 1" "16 4096 14336 8"; do
    read -r sm sn sk pl <<< "$s"
    b --m $sm --n $sn --k $sk --plan $pl
  done
done
