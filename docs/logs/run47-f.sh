#!/usr/bin/env bash
# Run 47-f: the plain-launch charge (tessellate::generate::PLAIN_LAUNCH_US = 1.2 us on
# warp-level plans where warpgroup plans, launched with PDL, compete; from 47-a/47-b's PDL
# on/off pairs). mosaic-47f against mosaic-47d at every default it moves among 47-c/47-d's
# shapes (4) and fresh short-k shapes (k 2^U(7, 9.4); seed 477's 150 f16: 3, seed 478's 150
# bf16: 5; `seeded_shapes.draw_short_k`, found with `print_ptx_diffs(..., first_plan=True)`).
#   OUT=... bash docs/logs/run47-f.sh; A=mosaic-47d:- B=mosaic-47f:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "verify (mosaic-47f) --m 2144 --n 1002 --k 132 --dtype bf16"
timeout 120 ./.carry-rt/mosaic-47f verify gemm --m 2144 --n 1002 --k 132 --dtype bf16 --target $T 2>&1 | tail -1 | cut -c1-200
B2="mosaic-47d:-|mosaic-47f:-"
for s in 7016x304x735 3056x608x397 504x391x181 328x1992x141; do
  IFS=x read m n k <<< "$s"; vs "$B2" --m $m --n $n --k $k
done
for s in 336x7144x349 2144x1002x132 5640x558x278 472x7872x526 3496x306x152 384x2058x160 2984x448x197 626x1484x216; do
  IFS=x read m n k <<< "$s"; vs "$B2" --m $m --n $n --k $k --dtype bf16
done
