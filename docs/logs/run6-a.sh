#!/usr/bin/env bash
# Run 6, first device call: persistent tile scheduling on the Hopper path.
# Usage on the device machine (repo root, binary carried in .carry-rt/):
#   OUT=... bash docs/logs/run6-a.sh
. "$(dirname "$0")/run6-lib.sh"
# Correctness of persistent kernels: tiles > SMs so each CTA loops; ragged M, N, K; alpha/beta.
for d in f16 bf16; do
  run $M verify gemm --m 3000 --n 2056 --k 1032 --dtype $d --target $T --persistent on --alpha 1.5 --beta -0.5
  run $M verify gemm --m 4096 --n 4096 --k 4096 --dtype $d --target $T
done
run $M verify gemm --m 3000 --n 2056 --k 1032 --dtype tf32 --b-layout col --target $T --persistent on
run $M verify gemm --m 2056 --n 3000 --k 1000 --dtype f16 --a-layout col --b-layout col --target $T --persistent on --plan 2
run $M verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T
# Speed: same plan, persistent on/off, interleaved with cuBLAS in one process each.
for s in 4096 8192; do
  for p in off on; do
    run $M bench gemm --m $s --n $s --k $s --dtype f16 --target $T --samples 20 --persistent $p
  done
done
run $M bench gemm --m 4096 --n 4096 --k 4096 --dtype bf16 --target $T --samples 20
run $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20
run compute-sanitizer --tool memcheck $M verify gemm --m 3000 --n 2056 --k 1032 --target $T --persistent on
