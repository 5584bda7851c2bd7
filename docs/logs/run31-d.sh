#!/usr/bin/env bash
# Run 31-d (H100; diagnostic): B shared by four tile rows (4-CTA clusters, cuBLAS's 1x4 at
# 2872x528x4280 and 4864x824x4472, 31-c's ncu) on lone grids, against this run's build (pairs).
# Build: .carry-rt/mosaic-mc4 runs .carry-rt/mosaic-hack (this run's code plus
# run31-hack-mc4.patch) with MOSAIC_HACK_MCROWS=4.
#   OUT=... bash docs/logs/run31-d.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-mc4"
v --m 2872 --n 528 --k 4280
v --m 2279 --n 736 --k 7616 --dtype bf16
v --m 4863 --n 824 --k 4472
v --m 3320 --n 472 --k 4040 --alpha 1.5 --beta -0.5
mc --m 2536 --n 584 --k 5512
for r in 1 2; do
  for s in 2872x528x4280 7392x504x2648 4400x360x3496 2536x584x5512 3320x472x4040 1024x1832x3240 2279x736x7616 4864x824x4472 3896x984x9376; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic mosaic-mc4" --m $m --n $n --k $kk
  done
done
