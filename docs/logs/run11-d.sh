#!/usr/bin/env bash
# Run 11-d (H100): small-K defaults after the per-wave latency term (session 10's binary as
# $OLD ran 4-wave mma.sync grids there), verified first, then two alternating rounds.
#   OUT=... bash docs/logs/run11-d.sh
. "$(dirname "$0")/run11-lib.sh"
S="4096,4096,64 4096,4096,128 4096,4096,256 4096,4096,512 8192,8192,128 2048,2048,256 1024,1024,64 4096,14336,128"
for s in $S; do IFS=, read -r sm sn sk <<< "$s"; v --m $sm --n $sn --k $sk --alpha 1.5 --beta -0.5; v --m $sm --n $sn --k $sk --dtype tf32 --b-layout col; done
mc --m 4096 --n 4096 --k 64
for round in 1 2; do
  for s in $S; do IFS=, read -r sm sn sk <<< "$s"; bo --m $sm --n $sn --k $sk; b --m $sm --n $sn --k $sk; done
  for s in "4096,4096,64" "4096,4096,256"; do IFS=, read -r sm sn sk <<< "$s"
    for d in bf16 "tf32 --b-layout col"; do bo --m $sm --n $sn --k $sk --dtype $d; b --m $sm --n $sn --k $sk --dtype $d; done
  done
done
