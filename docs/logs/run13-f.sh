#!/usr/bin/env bash
# Run 13-f (H100): B multicast only where K > 1024 or B's row pitch is not a multiple of
# 128 bytes (tessellate `b_multicast_pays`, from 13-c..13-e). Verify new defaults; the
# changed unbatched defaults against run 12's binary (`$OLD`, multicast on), two rounds;
# the batched defaults; K = 2048 on / off; then 13-e's large-K on / off for tf32.
#   OUT=... bash docs/logs/run13-f.sh
. "$(dirname "$0")/run13-lib.sh"
v --m 4096 --n 4096 --k 64 --dtype f16 --alpha 1.5 --beta -0.5
v --m 4096 --n 4096 --k 1024 --dtype tf32 --b-layout col
vb --batch 8 --m 1024 --n 1024 --k 1024 --dtype f16
vb --batch 32 --m 512 --n 512 --k 488 --dtype bf16 --alpha 1.5 --beta -0.5
for round in 1 2; do
  log "round $round"
  for s in "4096 4096 64" "4096 4096 256" "4096 4096 512" "4096 4096 1024" "8192 8192 128" "4096 14336 128" "2048 2048 1024"; do
    read -r m n k <<< "$s"
    bo --m $m --n $n --k $k --dtype f16
    b --m $m --n $n --k $k --dtype f16
  done
  for s in "4096 4096 64" "4096 4096 512" "4096 4096 1024" "2048 2048 256"; do
    read -r m n k <<< "$s"
    bo --m $m --n $n --k $k --dtype tf32 --b-layout col
    b --m $m --n $n --k $k --dtype tf32 --b-layout col
  done
done
for s in "--batch 8 --m 1024 --n 1024 --k 1024" "--batch 32 --m 512 --n 512 --k 512" "--batch 16 --m 1000 --n 1000 --k 1000" "--batch 16 --m 1024 --n 1024 --k 1024" "--batch 4 --m 4096 --n 4096 --k 4096"; do bb $s; done
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype tf32 --b-layout col
bb --batch 8 --m 1024 --n 1024 --k 1024 --dtype bf16
for d in f16 "tf32 --b-layout col"; do for mc in on off; do b --m 4096 --n 4096 --k 2048 --dtype $d --multicast $mc; done; done
bash "$(dirname "$0")/run13-e.sh" tf32
