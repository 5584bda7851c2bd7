#!/usr/bin/env bash
# Run 36-a (H200): transposed decode tiles 32 or 64 of M's rows wide (`mosaic-t32`: the
# experimental build `mosaic-x` with MOSAIC_TN32=1, which offers them beside the whole-M
# width) with A and B shared over blocks of tiles (`--multicast abRxC`, newly allowed on
# transposed plans), cuBLAS's structure at M = 128 (runs 34-b, 35-a: 64x32 tiles in 2 x 4
# clusters). Verify (ragged, bf16 column-major B, tf32), one memcheck, then 30 paired samples
# per variant at eight of run 32-c's M = 128 shapes against the default (`mosaic-x` without
# the variable: run 35's planner).
#   OUT=... bash docs/logs/run36-a.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-t32"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
r=$(timeout 30 ./.carry-rt/mosaic-t32 verify gemm --m 128 --n 1728 --k 3360 --plan 7 --multicast ab2x4 --target $T 2>&1 | tail -2)
echo "$r" | grep -q "1 passed, 0 failed" || { echo "first verify failed: $r"; exit 1; }
for f in off ab1x4 ab4x2; do v --m 128 --n 1728 --k 3360 --plan 7 --multicast $f; done
for f in ab2x2 ab4x2; do v --m 128 --n 1728 --k 3360 --plan 15 --multicast $f; done
for f in off ab2x4 ab1x4; do v --m 121 --n 1000 --k 3000 --plan 12 --multicast $f; done
v --m 121 --n 1000 --k 3000 --plan 19 --multicast ab2x2
v --m 121 --n 1000 --k 3000 --plan 1
v --m 121 --n 1000 --k 3000 --dtype bf16 --b-layout col --plan 12 --multicast ab2x4
v --m 100 --n 1736 --k 2000 --plan 1
v --m 100 --n 1736 --k 2000 --plan 1 --multicast ab2x4
v --m 100 --n 1736 --k 2000 --plan 6 --multicast ab2x2
v --m 128 --n 1728 --k 3360 --dtype tf32 --b-layout col --plan 22 --multicast ab2x4
mc --m 121 --n 1000 --k 3000 --plan 12 --multicast ab2x4
# SHAPE P32 P64: the default and the transposed 64x32 (P32) and 64x64 (P64) plans.
t() {
  local s=$1 p=$2 q=$3; IFS=x read m n kk <<< "$s"
  vs "mosaic-x:-|mosaic-t32:--plan $p --multicast off|mosaic-t32:--plan $p --multicast ab2x4|mosaic-t32:--plan $p --multicast ab1x4|mosaic-t32:--plan $p --multicast ab4x2|mosaic-t32:--plan $q --multicast ab2x2|mosaic-t32:--plan $q --multicast ab4x2" --m $m --n $n --k $kk
}
t 128x1728x3360 7 15
t 128x1392x2864 9 18
t 128x2528x6128 44 1
t 128x2840x4608 44 1
t 128x2912x1224 14 1
t 128x1112x4232 21 22
t 128x2232x2136 19 1
t 128x4928x5480 47 34
