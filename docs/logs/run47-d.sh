#!/usr/bin/env bash
# Run 47-d: the model's registers per thread for warp-level boxes (tessellate::ilp
# WARP_BASE_REGS + (wm + wn) / 2 beside the accumulators, fitted to ptxas 13.0; before, 40
# beside them, which put 64x64 mma.sync boxes at 168 registers and three CTAs per SM where
# ptxas allocates 222-234 and two fit). mosaic-47d (the new count) against mosaic-47c at
# the defaults it moves among fresh shapes (`seeded_shapes.print_ptx_diffs(...,
# first_plan=True)`): seed 471's 300 f16 (4), seed 472's 200 bf16 (2), the first 16 of
# seed 474's 40 tf32 with a row-major B (28 of 40 moved: all mma.sync plans there), and
# 4542x942x443 (run 46-c's sweep timed its new default).
#   OUT=... bash docs/logs/run47-d.sh; A=mosaic-47c:- B=mosaic-47d:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
ve() { log "verify (mosaic-47d) $*"; timeout 120 ./.carry-rt/mosaic-47d verify "$@" --target $T 2>&1 | tail -1 | cut -c1-240; }
ve gemm --m 7016 --n 304 --k 735
ve gemm --m 1415 --n 1688 --k 825 --dtype tf32
B2="mosaic-47c:-|mosaic-47d:-"
for s in 7523x744x823 7016x304x735 344x9321x1644 608x6042x456 4542x942x443; do
  IFS=x read m n k <<< "$s"; vs "$B2" --m $m --n $n --k $k
done
for s in 304x6978x667 336x7144x349; do
  IFS=x read m n k <<< "$s"; vs "$B2" --m $m --n $n --k $k --dtype bf16
done
for s in 304x416x944 336x288x6264 1224x2824x3896 1088x1142x3984 1415x1688x825 2036x898x1368 1440x5351x3688 1244x654x4832 6744x331x3544 2920x1283x2950 392x440x2192 416x368x448 1464x3488x288 576x1000x504 536x335x2792 3136x272x7320; do
  IFS=x read m n k <<< "$s"; vs "$B2" --m $m --n $n --k $k --dtype tf32
done
