#!/usr/bin/env bash
# Run 9-k (H100): correctness of the defaults run 9's model changes introduced (9-j and 9-h
# timed them): verify with alpha/beta and memcheck.
#   OUT=... bash docs/logs/run9-k.sh
. "$(dirname "$0")/run9-lib.sh"
for d in f16 bf16; do
  v --m 128 --n 4096 --k 4096 --dtype $d
  v --m 128 --n 4096 --k 4096 --dtype $d --alpha 1.5 --beta -0.5
done
for a in "--dtype f16" "--dtype bf16" "--dtype tf32 --b-layout col"; do
  v --m 4096 --n 6144 --k 4096 $a
  v --m 4096 --n 15360 --k 5120 $a --alpha 1.5 --beta -0.5
done
v --m 16 --n 4096 --k 4096
mc --m 128 --n 4096 --k 4096
mc --m 128 --n 4096 --k 4096 --dtype bf16 --alpha 1.5 --beta -0.5
mc --m 4096 --n 6144 --k 4096 --dtype bf16
