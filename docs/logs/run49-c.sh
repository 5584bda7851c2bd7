#!/usr/bin/env bash
# Run 49-c: why 3744x348x4768 tf32 (row-major B) ran 0.77x run 48's default in 49-b: its
# ranked plans 1-7 with mosaic-49b (1: transposed, A from registers, one 128-row warpgroup,
# 90 CTAs; 2: the same with two 64-row warpgroups; 3: run 48's default, split-K with the B
# copy; 5: transposed split-K; 6 and 7: plans 1 and 2 untransposed, their B copied, wgmma
# reading both operands from shared memory), then ncu durations of plans 1, 2 and 6; and
# the three other slower 49-b shapes' plans 1-3.
#   OUT=... bash docs/logs/run49-c.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 3744 --n 348 --k 4768 --dtype tf32"
vs "mosaic-49b:--plan 1|mosaic-49b:--plan 2|mosaic-49b:--plan 3|mosaic-49b:--plan 5|mosaic-49b:--plan 6|mosaic-49b:--plan 7" $S
for p in 1 2 6; do
  log "ncu (mosaic-49b) $S --plan $p"
  timeout 120 $NCU --clock-control none --kernel-name regex:'mosaic_gemm' --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis_Tables ./.carry-rt/mosaic-49b bench gemm $S --plan $p --target $T --samples 5 2>&1 \
    | grep -E "Duration|Compute \(SM\) Throughput|L2 Cache Throughput|DRAM Throughput|Bank Conflicts|Stall|Warp Cycles Per Issued" | sed -E 's/ +/ /g' | cut -c1-160 | head -14
done
for s in 772x4121x2544 3920x1582x4687 368x1887x8808; do
  IFS=x read m n k <<< "$s"; vs "mosaic-49b:--plan 1|mosaic-49b:--plan 2|mosaic-49b:--plan 3" --m $m --n $n --k $k --dtype tf32
done
