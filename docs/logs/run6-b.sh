#!/usr/bin/env bash
# Run 6, second device call: TMA multicast of B across a 2-CTA cluster (+ persistent tiles).
#   OUT=... bash docs/logs/run6-b.sh   (repo root, binary carried in .carry-rt/)
. "$(dirname "$0")/run6-lib.sh"
# Correctness: multicast in every layout, odd tile-row count (padded pair), persistent on/off.
V="verify gemm --target $T --multicast on"
run $M $V --m 2100 --n 2056 --k 1032 --dtype f16 --alpha 1.5 --beta -0.5
run $M $V --m 2100 --n 2056 --k 1032 --dtype f16 --persistent off
run $M $V --m 2100 --n 2056 --k 1032 --dtype f16 --a-layout col
run $M $V --m 2100 --n 2056 --k 1032 --dtype f16 --b-layout col
run $M $V --m 2100 --n 2056 --k 1032 --dtype f16 --a-layout col --b-layout col --plan 2
run $M $V --m 2100 --n 2056 --k 1032 --dtype bf16 --plan 3
run $M $V --m 2100 --n 2056 --k 1032 --dtype tf32 --b-layout col
run $M $V --m 1000 --n 1000 --k 1000 --dtype f16
for d in f16 bf16 tf32; do run $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T; done
# Speed: multicast x persistent at 4096^3, then defaults.
for mc in off on; do for p in off on; do
  run $M bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target $T --samples 20 --multicast $mc --persistent $p
done; done
run $M bench gemm --m 8192 --n 8192 --k 8192 --dtype f16 --target $T --samples 20 --multicast off
run $M bench gemm --m 8192 --n 8192 --k 8192 --dtype f16 --target $T --samples 20
run $M bench gemm --m 4096 --n 4096 --k 4096 --dtype bf16 --target $T --samples 20
run $M bench gemm --m 8192 --n 8192 --k 8192 --dtype bf16 --target $T --samples 20
run $M bench gemm --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col --target $T --samples 20
run $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20
run $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype bf16 --target $T --samples 20
run $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --b-layout col --target $T --samples 20
run compute-sanitizer --tool memcheck $M $V --m 2100 --n 2056 --k 1032 --dtype f16
