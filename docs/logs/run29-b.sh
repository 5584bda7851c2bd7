#!/usr/bin/env bash
# Run 29-b (H100): with the transposed TMA-store epilogue (29-a) in both builds, the model's
# `TRANSPOSED_FACTOR` at 1.02 (.carry-rt/mosaic, d64e9bf) against 1.0 (.carry-rt/mosaic-ft10:
# run29-hack-ft.patch with MOSAIC_HACK_FT=1.0) at every default that moves: 17 of 600 seeded
# random f16 shapes (`BASE=.carry-rt/mosaic VAR=.carry-rt/mosaic-hack
# VARIANTS='[{"MOSAIC_HACK_FT":"1.0"},{"MOSAIC_HACK_FT":"1.01"}]' python3
# docs/logs/run28-sweep.py 40 600`) and ten shapes of run 28-a that move. Then two more
# rounds of the decode rows whose kernels the epilogue changed, TMA store against direct.
#   OUT=... bash docs/logs/run29-b.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-ft10"
v --m 8805 --n 1584 --k 408
v --m 1630 --n 680 --k 504
v --m 5808 --n 1056 --k 5168 --dtype bf16 --c-dtype bf16
for s in 8704x840x712 4672x616x1304 1697x9112x2632 2168x2344x624 8805x1584x408 360x8320x2624 \
  3424x5320x7048 4456x1352x480 2456x1600x2456 9064x792x5896 8656x1096x600 3384x4624x552 \
  6072x8088x600 3282x4208x648 5720x480x4064 1630x680x504 2464x3112x1056 \
  7992x5368x2840 7512x1544x416 4840x2480x408 552x5376x3248 368x6256x880 2480x6992x7896 \
  4696x1664x888 5808x1056x5168 3528x2152x1104 6544x624x2272; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic mosaic-ft10" --m $m --n $n --k $kk
done
for r in 1 2; do
  av mosaic "-|--tma-store off" --m 128 --n 5120 --k 5120
  av mosaic "-|--tma-store off" --m 128 --n 5120 --k 13824 --dtype bf16
done
