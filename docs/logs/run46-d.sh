#!/usr/bin/env bash
# Run 46-d: out of sample, the model's charge on warp-level plans' paired C stores
# (tessellate::generate::PAIRED_C_DRAM_FRACTION, fitted to run 46-c): mosaic-46b against
# mosaic-46a (98dbdf6) at every default it moves among fresh shapes: seed 445's 300 (the usual
# draw, f16: 1 moved), seed 463's 150 short-k f16 (k 2^U(7, 9.4): 7 moved) and seed 464's
# 200 short-k bf16 (16 moved). Verify three of the new defaults first.
#   OUT=... bash docs/logs/run46-d.sh; A=mosaic-46a:- B=mosaic-46b:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-46b
ve() { log "verify ($N) $*"; timeout 120 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-240; }
ve gemm --m 3048 --n 1592 --k 192
ve gemm --m 4144 --n 568 --k 131 --dtype bf16
ve gemm --m 9260 --n 496 --k 243
for s in 3984x1016x413 1016x2864x174 9260x496x243 6512x448x160 432x4858x162 3048x1592x192 504x6664x168 2384x2256x128; do
  IFS=x read m n k <<< "$s"; vs "mosaic-46a:-|$N:-" --m $m --n $n --k $k
done
for s in 5903x336x134 800x3816x150 2144x1002x132 4144x568x131 971x5864x167 1896x2068x280 989x4392x168 6010x780x152 1160x6076x176 2232x7996x200 2312x1968x130 9278x328x144 5217x712x192 5640x558x278 6576x560x146 1008x5208x200; do
  IFS=x read m n k <<< "$s"; vs "mosaic-46a:-|$N:-" --m $m --n $n --k $k --dtype bf16
done
