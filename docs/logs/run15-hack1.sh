#!/usr/bin/env bash
# Run 15 hack1 (H100), as run: session 14's binary (`mosaic-14`, 8d49367) against a
# diagnostic build of it (`mosaic-hack`, not committed) whose TMA-store epilogue skips
# boxes under MOSAIC_HACK_EPI: `half` stores only each tile's first half of the boxes,
# `none` no box at all (wrong C; timing only). docs/BENCHMARKS.md run 15 describes them.
#   OUT=... bash docs/logs/run15-hack1.sh      (log hopper-run15-hack1.txt)
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
M=./.carry-rt/mosaic-14; H=./.carry-rt/mosaic-hack
for round in 1 2; do
for s in "4096 4096 4096" "4096 4096 1024" "8192 8192 8192"; do read -r a b c <<< "$s"
  echo "== $s base"; timeout 100 $M bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]\|^| " | tail -1 | cut -c1-200
  for h in half none; do echo "== $s hack=$h"; MOSAIC_HACK_EPI=$h timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]\|^| " | tail -1 | cut -c1-200; done
done; done
