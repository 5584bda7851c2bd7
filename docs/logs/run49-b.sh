#!/usr/bin/env bash
# Run 49-b: out of sample, tf32 with a row-major B: the 33 of seed 4901's first 40 shapes
# (seeded_shapes.draw) whose default kernel differs between run 48's build (mosaic-48) and
# this run's (mosaic-49b, A from registers), each timed with both builds (bench --samples 30,
# cuBLAS in the same process, the builds' order alternating); then verify of mosaic-49b at
# ragged shapes with 32- and 64-byte spans (one and two k-steps a k-tile with A from
# registers) and two moved defaults.
#   OUT=... bash docs/logs/run49-b.sh; A=mosaic-48:- B=mosaic-49b:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-49b
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve gemm --m 300 --n 264 --k 200 --dtype tf32 --a-layout col --b-layout col --swizzle 32 --back-to-back
ve gemm --m 16 --n 1000 --k 333 --dtype tf32 --swizzle 32 --back-to-back
ve gemm --m 1000 --n 777 --k 333 --dtype tf32 --swizzle 64
ve gemm --m 300 --n 264 --k 400 --dtype tf32 --a-layout col --b-layout col --pingpong on --persistent on
ve gemm --m 272 --n 623 --k 8752 --dtype tf32
ve gemm --m 687 --n 360 --k 400 --dtype tf32
for s in 2160x2640x1992 7072x2256x7252 392x3832x928 3920x1582x4687 3120x984x1387 272x623x8752 600x4232x1008 272x4205x4109 687x360x400 4016x3592x2232 1862x5152x3968 368x1887x8808 727x544x3352 1888x5624x2384 1320x3400x2448 7120x504x512 1076x2092x867 4128x1640x1496 5536x1248x352 1192x1932x2192 2337x284x1192 5442x3336x296 4120x536x2472 432x1360x1128 772x4121x2544 6616x688x2600 434x3520x7440 327x528x912 272x1175x8915 1096x1096x880 4856x464x7624 3744x348x4768 4160x2376x5216; do
  IFS=x read m n k <<< "$s"; vs "mosaic-48:-|mosaic-49b:-" --m $m --n $n --k $k --dtype tf32
done
