#!/usr/bin/env bash
# Run 38-a (H200): M = 16 lone transposed grids of 64x16 tiles (one tile per CTA, fewer CTAs
# than SMs), where 37-a read 0.87-0.91 of cuBLAS at N of 4280-4432. cuBLAS there runs 64x16
# tiles, 16 stages, 4-CTA clusters (37-b's ncu). Against the default (HEAD's build,
# `mosaic-38`): the activation shared over tile-row pairs (`--multicast on`), 16 stages,
# stream-K. Shapes: 37-a's weak four, two suite rows, seed 182's lone 64x16 grids, two split-K.
#   OUT=... bash docs/logs/run38-a.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="-|--multicast on|--stages 16|--stream-k on"
for s in "4360 2904" "4280 2536" "4432 1272" "4264 5248" "4096 4096" "5120 5120" \
         "4104 1432" "5672 2440" "5784 1184" "3608 3288" "7832 2928" "4608 5472" \
         "3552 6344" "2688 3816"; do
  set -- $s
  av mosaic-38 "$S" --m 16 --n $1 --k $2
done
# M = 128 at short K (37-a / run 32-c's weak rows): deeper rings (cuBLAS runs 13 stages of
# 64x64 at 128x2912x1224), and 2 x 2 blocks, which K <= 1536 keeps off.
for s in "2912 1224" "4432 1272" "5400 1184" "5464 1904" "2232 2136"; do
  set -- $s
  av mosaic-38 "-|--stages 16|--multicast ab" --m 128 --n $1 --k $2
done
