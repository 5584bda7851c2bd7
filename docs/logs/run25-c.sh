#!/usr/bin/env bash
# Run 25-c: the build that offers unpaired grids where B-multicast pairs cost a wave
# (tessellate::generate::pad_costs_wave, Candidate::b_merged).
# - Where the model's margin is thin: 8320x14336x4096 and 8320x28672x8192 now rank unpaired
#   128x192 tiles (plan 1) a hair ahead of paired 128x256 (plan 2, the old default).
# - The new defaults: verify (f16, bf16 with a 16-bit C, tf32 with a column-major B, ragged,
#   alpha / beta) and memcheck of a ragged unpaired grid; bench against cuBLAS, with the
#   GPC-major cluster order forced on (`--cluster-order on`) as a variant.
#   OUT=... bash docs/logs/run25-c.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for p in 1 2; do bpc 20 --m 8320 --n 14336 --k 4096 --plan $p; done
done
for p in 1 2; do bpc 10 --m 8320 --n 28672 --k 8192 --plan $p; done
v --m 4224 --n 4096 --k 4096
v --m 4224 --n 4096 --k 4096 --dtype bf16 --c-dtype bf16
v --m 4224 --n 4096 --k 4096 --dtype tf32 --b-layout col
v --m 4200 --n 4000 --k 4000
v --m 4200 --n 4000 --k 4000 --alpha 1.5 --beta -0.5
v --m 6272 --n 4096 --k 4096
mc --m 4200 --n 4000 --k 2000
for r in 1 2; do
  for s in "--m 4224 --n 4096 --k 4096" "--m 6272 --n 4096 --k 4096"; do
    bpc 20 $s
    bpc 20 $s --cluster-order on
  done
  bpc 20 --m 4224 --n 4096 --k 4096 --dtype tf32 --b-layout col
  bpc 20 --m 4200 --n 4000 --k 4000
done
