#!/usr/bin/env bash
# Run 24-a: A and B multicast over 2 x 2 clusters (`--multicast ab`) against the default
# kernels (B multicast over 2 x 1 clusters, GPC-major order): verify, memcheck, then paired
# benches at 4096^3 and 8192^3, interleaved.
#   OUT=... bash docs/logs/run24-a.sh
. "$(dirname "$0")/run24-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4096 --n 4096 --k 4096 --multicast ab
v --m 4096 --n 4096 --k 4096 --multicast ab --dtype bf16
v --m 4096 --n 4096 --k 4096 --multicast ab --dtype tf32 --b-layout col
v --m 3000 --n 2056 --k 1032 --multicast ab
v --m 2100 --n 2312 --k 3000 --multicast ab --alpha 1.5 --beta -0.5
v --m 2100 --n 2056 --k 1032 --multicast ab --dtype bf16 --b-layout col
v --m 1000 --n 3000 --k 2000 --multicast ab --dtype bf16
v --m 8192 --n 8192 --k 8192 --multicast ab
mc --m 2100 --n 2312 --k 1000 --multicast ab
for r in 1 2; do
  for d in f16 bf16; do
    bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d; bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d --multicast ab
  done
done
bpc 30 --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col; bpc 30 --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col --multicast ab
bpc 20 --m 8192 --n 8192 --k 8192; bpc 20 --m 8192 --n 8192 --k 8192 --multicast ab
bpc 30 --m 4096 --n 14336 --k 4096; bpc 30 --m 4096 --n 14336 --k 4096 --multicast ab
e --m 4096 --n 4096 --k 4096; e --m 4096 --n 4096 --k 4096 --multicast ab
