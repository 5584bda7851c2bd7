#!/usr/bin/env bash
# Run 46-a: the first half of run 45's unrun plan (docs/logs/run45-c.sh) with the final build of
# run 45 (mosaic-46a = 98dbdf6: row stores of an f32 C of unaligned pitch, the model's charge on
# warp-level plans storing such a C element by element). Correctness first: memcheck of a
# shape whose default stages its C rows (1001x1003x1005), verify of the moved defaults and a
# batch. Then aligned small K, where 45-b found mosaic behind cuBLAS (3088x2096x272 0.774,
# 1752x2560x288 0.909, 8192x8192x256 0.980): the default against plans 3-5 and fragment stores,
# and ncu of the default and of cuBLAS at 3088x2096x272. Then the four defaults the charge moves
# against mosaic-45b, the model's choice at kept warp-level odd shapes, 4096^3 at 100 samples.
#   OUT=... bash docs/logs/run46-a.sh
#   A=mosaic-45b:- B=mosaic-46a:- python3 docs/logs/run43-builds.py LOG     (the four moved)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-46a
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck ($N) verify --m 1001 --n 1003 --k 1005"
timeout 240 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 1001 --n 1003 --k 1005 --target $T 2>&1 | tail -2 | cut -c1-300
ve() { log "verify ($N) $*"; timeout 120 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-240; }
ve gemm --m 1536 --n 3271 --k 400 --dtype bf16
ve gemm --m 5016 --n 355 --k 269 --b-layout col
ve gemm --m 1752 --n 2557 --k 288
ve gemm --m 896 --n 6757 --k 528 --dtype bf16
ve bmm --batch 3 --m 700 --n 901 --k 300
for s in 3088x2096x272 1752x2560x288 8192x8192x256; do
  IFS=x read m n k <<< "$s"
  vs "$N:-|$N:--plan 2|$N:--plan 3|$N:--plan 4|$N:--plan 5|$N:--tma-store off" --m $m --n $n --k $k
done
nf $N m3088 mosaic_gemm --m 3088 --n 2096 --k 272
nf $N c3088 'nvjet|sm90_' --m 3088 --n 2096 --k 272
grep -m3 -E "nvjet|sm90_|Grid Size|Cluster Size|Block Size" $OUT/nf-c3088.txt | sed -E 's/ +/ /g' | cut -c1-200
vs "mosaic-45b:-|$N:-" --m 1752 --n 2557 --k 288
vs "mosaic-45b:-|$N:-" --m 1536 --n 3271 --k 400 --dtype bf16
vs "mosaic-45b:-|$N:-" --m 896 --n 6757 --k 528 --dtype bf16
vs "mosaic-45b:-|$N:-" --m 5016 --n 355 --k 269 --b-layout col
vs "$N:-|$N:--plan 2" --m 5872 --n 2136 --k 389
vs "$N:-|$N:--plan 2" --m 4477 --n 1128 --k 350
vs "$N:-|$N:--plan 2" --m 7848 --n 626 --k 299
vs "$N:-|$N:--plan 2" --m 4207 --n 792 --k 310
for d in f16 bf16; do log "bench ($N) 4096^3 $d --samples 100"; timeout 150 ./.carry-rt/$N bench gemm --m 4096 --n 4096 --k 4096 --dtype $d --target $T --samples 100 2>&1 | grep "ratio [0-9]" | cut -c1-260; done
