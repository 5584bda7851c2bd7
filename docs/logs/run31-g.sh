#!/usr/bin/env bash
# Run 31-g (H100): the cluster probe (run31-clusters.cu), and where sharing B lost in 31-e /
# 31-f (632x2640x6592 bf16, 0.61-0.66x on both cards): the same grid with and without
# `--multicast off` at that shape and its neighbours, two rounds.
#   OUT=... bash docs/logs/run31-g.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
nvcc -arch=sm_90a -o /tmp/clusters "$(dirname "$0")/run31-clusters.cu" && /tmp/clusters
for r in 1 2; do
  av mosaic "-|--multicast off" --m 632 --n 2640 --k 6592 --dtype bf16
  for s in 632x2640x6592 640x2640x6592 760x2640x6592 632x2640x3296 632x2648x6592 608x2568x7688 1360x1392x6176; do
    IFS=x read m n kk <<< "$s"
    av mosaic "-|--multicast off" --m $m --n $n --k $kk
  done
done
