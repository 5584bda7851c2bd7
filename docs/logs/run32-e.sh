#!/usr/bin/env bash
# Run 32-e (H100): decode shapes (M = 128), B shared across the two 64-row tile rows. For
# every plain ranked plan of 64-row tiles in two tile rows among the first five (lines from
# `MOSAIC=.carry-rt/mosaic python3 docs/logs/run32-decode.py 128 NxK...`), that plan with and
# without `--multicast on`, two rounds, and the default once per round; verify and memcheck
# of a shared kernel.
#   OUT=... bash docs/logs/run32-e.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run31-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 128 --n 8320 --k 4344 --plan 2 --multicast on
v --m 128 --n 2840 --k 4608 --plan 1 --multicast on --dtype bf16
mc --m 120 --n 2840 --k 4600 --plan 1 --multicast on
for r in 1 2; do
  while read s p; do
    IFS=x read m n kk <<< "$s"
    av mosaic "--plan $p|--plan $p --multicast on" --m $m --n $n --k $kk
  done <<'LIST'
128x2912x1224 1
128x2912x1224 2
128x2840x4608 1
128x2840x4608 2
128x1728x3360 2
128x8696x2024 1
128x8696x2024 2
128x2528x6128 1
128x2528x6128 5
128x1112x4232 5
128x4928x5480 4
128x4928x5480 5
128x5464x1904 2
128x1872x1392 1
128x1872x1392 4
128x2232x2136 1
128x2232x2136 3
128x2096x4056 1
128x6096x7552 2
128x8320x4344 2
128x1392x2864 2
128x5912x2024 4
128x6144x4096 1
128x6144x4096 3
128x4096x4096 1
128x4096x4096 2
128x4096x14336 1
128x4096x14336 2
128x15360x5120 1
128x5120x5120 2
128x5120x5120 5
128x5120x13824 2
128x5120x13824 5
LIST
  for s in 2912x1224 2840x4608 1728x3360 8696x2024 2528x6128 1112x4232 4928x5480 1376x6856 5464x1904 1872x1392 2232x2136 2096x4056 6096x7552 8320x4344 1392x2864 5912x2024 6144x4096 4096x4096 28672x4096 4096x14336 15360x5120 5120x5120 27648x5120 5120x13824; do
    IFS=x read n kk <<< "$s"
    bx mosaic --m 128 --n $n --k $kk
  done
done
