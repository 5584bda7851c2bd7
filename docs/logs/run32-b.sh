#!/usr/bin/env bash
# Run 32-b (H100; 32-c: H200, ROUNDS=1): split-K 4 only where its 4-CTA clusters fit the GPU
# at once (Target::quad_clusters). This run's build (.carry-rt/mosaic) against run 31's final
# (.carry-rt/mosaic-r31) at every default that differs among fresh seeded shapes
# (run32-splitk.py: seeds 82, 84 f16; 83 decode f16; 85 decode bf16) and the cited shapes
# whose default changed; verify and memcheck of two moved kernels.
#   OUT=... [ROUNDS=1] bash docs/logs/run32-b.sh; REF=mosaic-r31 python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 680 --n 456 --k 7472
v --m 16 --n 2104 --k 8976 --dtype bf16
mc --m 503 --n 680 --k 6000
for r in $(seq ${ROUNDS:-2}); do
  for s in 608x504x5680 696x288x4984 536x680x5768 408x656x6112 448x680x4752 505x256x5272 503x680x6000 293x1024x4496 304x680x8448 16x2104x8976 16x2024x4424 64x1952x5656 64x1968x4744 680x456x7472 100x1000x2048 128x1024x8192 32x2048x8192; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-r31 mosaic" --m $m --n $n --k $kk
  done
  for s in 16x2072x6936 112x968x6920 32x2048x3704 16x2032x1744 48x2032x1152 16x2088x7656 680x456x7472; do
    IFS=x read m n kk <<< "$s"
    ab "mosaic-r31 mosaic" --m $m --n $n --k $kk --dtype bf16
  done
done
