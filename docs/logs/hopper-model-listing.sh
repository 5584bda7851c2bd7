#!/usr/bin/env bash
# The model's figures for the first 40 ranked plans of the eight decode shapes of the rank
# checks, in the format of hopper-model-final-7.txt (shape, plan, CTA tile, consumer
# warpgroups, split-K, transposed, grid, kernel stages, modeled TFLOP/s).
#   bash docs/logs/hopper-model-listing.sh MOSAIC > docs/logs/hopper-model-8.txt
M=${1:-target/release/mosaic}
for s in 16x4096x4096 16x5120x5120 16x6144x4096 16x4096x14336 16x5120x13824 16x28672x4096 128x5120x5120 128x5120x13824; do
  IFS=x read -r m n k <<< "$s"
  for p in $(seq 1 40); do
    $M compile gemm --m $m --n $n --k $k --target sm_90a --plan $p -o /tmp/mosaic-listing.ptx 2>/dev/null | awk -v s=$s -v p=$p '
      /^  cta / { split($2, t, "x"); tile = $2; wg = $4; thr = $0 }
      /^  split-K/ { split_k = $2 }
      /^  transpose/ { tr = "T" }
      /^  model/ { tf = $4 }
      /^  kernel/ { grid = $4; st = $(NF-1) }
      END { printf "%s %d %s wg%s s%s %s grid %s %s model %s\n", s, p, tile, wg, (split_k ? split_k : 1), (tr ? tr : "-"), grid, st, tf }'
  done
done
