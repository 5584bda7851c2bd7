#!/usr/bin/env bash
# Run 35-e (H200): the split-K charge refit (`mosaic-sk`: SPLIT_K_CYCLES 2000 -> 1000, the
# byte term the reduce-scatter's intake) against `mosaic-rs2` (the reduce-scatter build
# before it), out of sample: every default it moves among fresh seeded shapes
# (`A=.carry-rt/mosaic-rs2 B=.carry-rt/mosaic-sk python3 docs/logs/run32-decodediff.py 149
# 150`: 7; `ROWS=97 EXTRA="--dtype bf16" ... 150 100`: 4; `run30-ptxdiff.py 151 300`: 8) and
# the suite row it moves (16 x 4096 x 14336, f16, bf16, column-major B), 30 paired samples,
# builds rotated per shape; verify and memcheck of the moved suite kernel.
#   OUT=... bash docs/logs/run35-e.sh; REF=mosaic-rs2 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-sk"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 16 --n 4096 --k 14336
v --m 16 --n 4096 --k 14336 --dtype bf16 --b-layout col
v --m 15 --n 4096 --k 14336 --dtype bf16 --c-dtype bf16
mc --m 16 --n 4096 --k 14336
for a in "" "--dtype bf16" "--b-layout col"; do ab "mosaic-rs2 mosaic-sk" --m 16 --n 4096 --k 14336 $a; done
ab "mosaic-rs2 mosaic-sk" --m 112 --n 960 --k 1384
ab "mosaic-rs2 mosaic-sk" --m 80 --n 1344 --k 1368
ab "mosaic-rs2 mosaic-sk" --m 128 --n 1360 --k 1496
ab "mosaic-rs2 mosaic-sk" --m 80 --n 1256 --k 2136
ab "mosaic-rs2 mosaic-sk" --m 80 --n 1456 --k 1632
ab "mosaic-rs2 mosaic-sk" --m 80 --n 7992 --k 520
ab "mosaic-rs2 mosaic-sk" --m 80 --n 7920 --k 328
ab "mosaic-rs2 mosaic-sk" --m 1432 --n 368 --k 1728
ab "mosaic-rs2 mosaic-sk" --m 608 --n 320 --k 800
ab "mosaic-rs2 mosaic-sk" --m 272 --n 1688 --k 1488
ab "mosaic-rs2 mosaic-sk" --m 1134 --n 536 --k 2824
ab "mosaic-rs2 mosaic-sk" --m 312 --n 408 --k 784
ab "mosaic-rs2 mosaic-sk" --m 528 --n 1216 --k 2720
ab "mosaic-rs2 mosaic-sk" --m 424 --n 416 --k 776
ab "mosaic-rs2 mosaic-sk" --m 1584 --n 488 --k 384
ab "mosaic-rs2 mosaic-sk" --m 97 --n 7736 --k 736 --dtype bf16
ab "mosaic-rs2 mosaic-sk" --m 121 --n 1328 --k 1864 --dtype bf16
ab "mosaic-rs2 mosaic-sk" --m 97 --n 544 --k 1096 --dtype bf16
ab "mosaic-rs2 mosaic-sk" --m 113 --n 1152 --k 1616 --dtype bf16
