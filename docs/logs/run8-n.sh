#!/usr/bin/env bash
# Run 8-n (H100): 8-m's consumer copies with the warpgroup index taken from %tid again for
# the epilogue (an immediate there made ptxas spill one stream-K kernel); only A's
# descriptor offset stays an immediate. Correctness and three interleaved rounds against
# the kernels before 8-m (`mosaic-8`).
#   OUT=... bash docs/logs/run8-n.sh
. "$(dirname "$0")/run8-lib.sh"
OLD=./.carry-rt/mosaic-8
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for a in "--m 3000 --n 2056 --k 1032" "--m 128 --n 4096 --k 4096" "--m 24 --n 1032 --k 1032" "--m 3000 --n 2056 --k 1032 --stream-k on" "--m 128 --n 4096 --k 4096 --stream-k on --plan 8"; do
  v $a --alpha 1.5 --beta -0.5; done
for round in 1 2 3; do
  log "round $round"
  for s in "4096 4096 4096" "4096 4096 16384" "4096 6144 4096" "128 4096 4096" "16 5120 5120"; do set -- $s
    bo --m $1 --n $2 --k $3 --dtype f16
    b --m $1 --n $2 --k $3 --dtype f16
  done
done
