#!/usr/bin/env bash
# Run 46-d's losses: every move below 0.97x copied A (k not a multiple of 8) at k of 131-150.
# ncu durations of the A copy (`mosaic_pad_a`) and of the kernel behind it, old (mma.sync,
# mosaic-46a) and new (mosaic-46b) defaults, at the four worst and at two copy shapes that
# gained; against the model's `PAD_LAUNCH_US` (1.5 us plus the bytes at 0.87 of DRAM).
#   OUT=... bash docs/logs/run47-a.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "6576 560 146 bf16" "4144 568 131 bf16" "5903 336 134 bf16" "800 3816 150 bf16" "9260 496 243 f16" "4477 1128 350 f16"; do
  set -- $s
  for b in mosaic-46a mosaic-46b; do
    log "ncu durations ($b) --m $1 --n $2 --k $3 --dtype $4"
    timeout 120 $NCU --clock-control none --kernel-name regex:'mosaic_' --launch-skip 6 --launch-count 6 \
      --section SpeedOfLight ./.carry-rt/$b bench gemm --m $1 --n $2 --k $3 --dtype $4 --target $T --samples 20 \
      > $OUT/ncu-$b-$1x$2x$3.txt 2>&1
    grep -E "^  mosaic_[a-z_]+|Duration" $OUT/ncu-$b-$1x$2x$3.txt | sed -E 's/ +/ /g' | paste - - | cut -c1-160
  done
done
# 4542x942x443 (odd k: the mma.sync default loads A element by element): plans 1-6.
vs "mosaic-46b:-|mosaic-46b:--plan 2|mosaic-46b:--plan 5" --m 4542 --n 942 --k 443
# The fixed cost: at short k the mma.sync plans ran 3 us slower than the model's offset for
# warpgroup plans (46-a/46-c: measured = 1.9 + 1.5 x modeled us for warpgroup plans, 5.1 + 1.7 x
# for mma.sync). Warpgroup kernels launch with PDL, mma.sync kernels without: the same
# warpgroup default with and without it.
for s in "2568 1808 192" "944 432 144" "3088 2096 272" "6723 596 137"; do
  set -- $s
  vs "mosaic-46b:-|mosaic-46b:--pdl off" --m $1 --n $2 --k $3
done
