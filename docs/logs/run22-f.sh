#!/usr/bin/env bash
# Run 22-f: cuBLAS's decode kernel in mosaic's terms: 64x96 tiles whose two tile rows share
# B (the weights) through a 2-CTA cluster. Built from docs/logs/run22-mn96.patch (96-column
# tiles of a row-major B held as two whole 128-byte chunks) with `--multicast on`; the
# column-major B has 96-column tiles in the build already. Verify, memcheck, then two
# interleaved rounds against the run-21 build.
#   OUT=... bash docs/logs/run22-f.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
MC="--multicast on"
for d in f16 bf16; do
  v --m 128 --n 6144 --k 4096 --dtype $d $MC
  v --m 128 --n 6144 --k 4096 --dtype $d --b-layout col $MC
done
v --m 100 --n 6048 --k 4000 --alpha 1.5 --beta -0.5 $MC
mc --m 100 --n 6048 --k 4000 --alpha 1.5 --beta -0.5 $MC
for r in 1 2; do
  for d in f16 bf16; do
    S="--m 128 --n 6144 --k 4096 --dtype $d"
    bpb 50 $S
    bp 50 $S
    bp 50 $S $MC
    bp 50 $S --b-layout col
    bp 50 $S --b-layout col $MC
  done
done
