#!/usr/bin/env bash
# Run 27-a: cuBLAS's structure at 4096^3 (256x128 tiles, A shared by a 2-CTA cluster along n:
# `--plan 2 --multicast a`) against the default (128x256, B multicast, GPC-major order) and
# plan 2 as ranked (256x128, B multicast). Verify, memcheck, then interleaved paired benches
# and sustained energy.
#   OUT=... bash docs/logs/run27-a.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
A2="--plan 2 --multicast a"
v --m 4096 --n 4096 --k 4096 $A2
v --m 4096 --n 4096 --k 4096 $A2 --dtype bf16 --c-dtype bf16
v --m 4000 --n 4000 --k 4000 $A2 --alpha 1.5 --beta -0.5
mc --m 2100 --n 2312 --k 1000 $A2
for r in 1 2 3; do
  for d in f16 bf16; do
    S="--m 4096 --n 4096 --k 4096 --dtype $d"
    if [ $((r % 2)) = 1 ]; then bpc 40 $S; bpc 40 $S $A2; bpc 40 $S --plan 2
    else bpc 40 $S --plan 2; bpc 40 $S $A2; bpc 40 $S; fi
  done
done
bpc 20 --m 8192 --n 8192 --k 8192; bpc 20 --m 8192 --n 8192 --k 8192 --plan 3 --multicast a
bpc 30 --m 4096 --n 14336 --k 4096; bpc 30 --m 4096 --n 14336 --k 4096 $A2
bpc 30 --m 6144 --n 4096 --k 4096; bpc 30 --m 6144 --n 4096 --k 4096 $A2
e --m 4096 --n 4096 --k 4096; e --m 4096 --n 4096 --k 4096 $A2
e --m 4096 --n 4096 --k 4096 $A2; e --m 4096 --n 4096 --k 4096
