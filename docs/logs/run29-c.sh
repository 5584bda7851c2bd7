#!/usr/bin/env bash
# Run 29-c (H100): out of sample. `TRANSPOSED_FREE_ROUNDS` (no TRANSPOSED_FACTOR for
# transposed grids of at most four rounds; .carry-rt/mosaic-rule) against d64e9bf (factor
# 1.02 everywhere, the transposed TMA-store epilogue in both; .carry-rt/mosaic) at the 26
# defaults it moves among 1800 fresh seeded random f16 shapes (`BASE=.carry-rt/mosaic
# VAR=.carry-rt/mosaic-rule VARIANTS='[{}]' python3 docs/logs/run28-sweep.py 41 600`, 42,
# 43; lists in run29-sweep4{1,2,3}-moved.txt), and four bf16 / tf32 cases. 30 paired
# samples, order rotated.
#   OUT=... bash docs/logs/run29-c.sh; REF=mosaic python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-rule"
v --m 2952 --n 3472 --k 6712
v --m 480 --n 2120 --k 456
v --m 8472 --n 1624 --k 488 --dtype tf32 --b-layout col
for s in 4724x1616x1736 536x5288x5344 568x5568x3056 7147x744x672 3312x4280x528 8460x1472x808 4672x592x2368 1857x5936x544 2952x3472x6712 6440x624x1864 3212x1768x688 8271x648x4584 480x2120x456 2896x2584x3904 2360x2096x952 6032x504x4400 7344x912x672 2424x1648x7048 2440x3168x2144 6696x664x2016 2080x1448x7376 1468x5184x1184 791x8224x560 4544x800x2664 8472x1624x488 2586x3024x496 ; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic mosaic-rule" --m $m --n $n --k $kk
done
ab "mosaic mosaic-rule" --m 5808 --n 1056 --k 5168 --dtype bf16
ab "mosaic mosaic-rule" --m 8805 --n 1584 --k 408 --dtype bf16
ab "mosaic mosaic-rule" --m 8472 --n 1624 --k 488 --dtype tf32 --b-layout col
ab "mosaic mosaic-rule" --m 4544 --n 800 --k 2664 --dtype tf32 --b-layout col
