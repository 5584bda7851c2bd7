#!/usr/bin/env bash
# Run 8-a (H100): stream-K. Correctness of forced and default stream-K kernels (ragged,
# alpha/beta, transposed, many contributors per tile, 4 CTAs/SM), memcheck, then speed
# against the run-7 defaults.
#   OUT=... bash docs/logs/run8-a.sh
. "$(dirname "$0")/run8-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
v --m 4096 --n 4096 --k 4096 --dtype f16 --stream-k on
v --m 3000 --n 2056 --k 1032 --dtype f16 --stream-k on
v --m 3000 --n 2056 --k 1032 --dtype f16 --stream-k on --alpha 1.5 --beta -0.5
v --m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col --stream-k on
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col --plan 7
v --m 128 --n 128 --k 16384 --dtype f16
v --m 128 --n 5120 --k 5120 --dtype f16 --alpha 1.5 --beta -0.5
v --m 16 --n 5120 --k 5120 --dtype f16
v --m 16 --n 5120 --k 5120 --dtype f16 --alpha 1.5 --beta -0.5
v --m 1 --n 4096 --k 4096 --dtype f16 --plan 2
v --m 8192 --n 8192 --k 8192 --dtype bf16 --stream-k on
v --m 16 --n 28672 --k 4096 --dtype tf32 --b-layout col
mc --m 3000 --n 2056 --k 1032 --dtype f16 --stream-k on
mc --m 128 --n 128 --k 16384 --dtype f16
for s in "4096 4096 4096" "8192 8192 8192" "4096 6144 4096" "4096 28672 4096"; do set -- $s
  b --m $1 --n $2 --k $3 --dtype f16
  b --m $1 --n $2 --k $3 --dtype f16 --stream-k on
done
b --m 4096 --n 4096 --k 4096 --dtype f16 --multicast off
b --m 4096 --n 4096 --k 4096 --dtype bf16 --stream-k on
b --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col --stream-k on
for s in "128 4096 4096" "128 15360 5120" "128 5120 5120" "128 5120 13824" "16 6144 4096" "16 28672 4096" "16 4096 14336" "16 15360 5120" "16 5120 5120" "16 27648 5120" "16 5120 13824"; do set -- $s
  bo --m $1 --n $2 --k $3 --dtype f16
  b --m $1 --n $2 --k $3 --dtype f16
done
