#!/usr/bin/env bash
# Run 45-b: f32 C whose row pitch is not a multiple of 16 bytes (N not a multiple of 4), where
# no TMA store can write it. 44-b's three K < 600 shapes below 0.9x cuBLAS all have such a C.
# mosaic-45b (epilogue::RowStores: the warps write the staged, swizzled boxes row by row,
# 128 consecutive bytes of a row per warp store) against mosaic-45a (the same plans, the
# fragment's own single-element stores), the default plans; at 1752x2557x288, whose default
# is a warp-level (mma.sync) plan, also the first warpgroup plan (--plan 2). The aligned
# neighbours (N a multiple of 8) with mosaic-45a for scale. Verify and memcheck mosaic-45b
# first (row stores with beta 0; direct stores with beta; batches; stream-K's contributors
# adding through red.global.add).
#   OUT=... bash docs/logs/run45-b.sh; A=mosaic-45a:- B=mosaic-45b:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-45b
ve() { log "verify ($N) $*"; timeout 120 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-240; }
ve gemm --m 3088 --n 2089 --k 272
ve gemm --m 1752 --n 2557 --k 288 --plan 2
ve gemm --m 1001 --n 1003 --k 1005 --beta 0.5
ve gemm --m 4093 --n 4091 --k 4097 --back-to-back --beta 0
ve gemm --m 2000 --n 1030 --k 3000 --stream-k on
ve gemm --m 999 --n 1001 --k 1000 --dtype tf32 --b-layout col
ve gemm --m 777 --n 1234 --k 512 --dtype bf16 --b-layout col
ve bmm --batch 3 --m 200 --n 301 --k 203
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck ($N) verify --m 301 --n 703 --k 1501"
timeout 240 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 301 --n 703 --k 1501 --target $T 2>&1 | tail -2 | cut -c1-300
for s in 1752x2557x288 3088x2089x272 288x262x540 5520x3346x312 384x1015x318 936x6329x567 2000x730x440 4096x4095x1024 8192x8191x256 1001x1003x1005; do
  IFS=x read m n k <<< "$s"; vs "mosaic-45a:-|$N:-" --m $m --n $n --k $k
done
vs "mosaic-45a:--plan 2|$N:--plan 2" --m 1752 --n 2557 --k 288
for s in 1752x2560x288 3088x2096x272 8192x8192x256; do IFS=x read m n k <<< "$s"; bx mosaic-45a --m $m --n $n --k $k; done
nf $N mos-rows mosaic_gemm --m 3088 --n 2089 --k 272
nf mosaic-45a mos-direct mosaic_gemm --m 3088 --n 2089 --k 272
nf $N cub-2089 'nvjet|sm90_' --m 3088 --n 2089 --k 272
