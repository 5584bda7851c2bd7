#!/usr/bin/env bash
# NOT RUN in run 45 (no machine could be started after 45-b): the plan for the next session.
# Run 45-c (run 44's unrun plan, docs/logs/run44-d.sh, with this run's final build): out of
# sample, mosaic-45c (operand copies of run 44, the staged row stores of an f32 C of
# unaligned pitch, and the model's charge on warp-level plans storing such a C element by
# element; built from the commit that adds this script) against run 43's (mosaic-43b) at
# every default run 44's copies move among fresh seeded shapes: seed 442 bf16 (40 moved),
# 443 f16 with a column-major B (27), 444 tf32 with a column-major B (17). First the four
# seeded defaults the new charge moves off warp-level plans (seeds 441-443), verified, then
# against mosaic-45b (45-b's build, the same epilogues). Then the model's choice where it
# keeps a warp-level plan or moves by 44-c's refit: each default against the first
# warpgroup plan ranked. Verify (back to back too) and memcheck first; last, 4096^3
# f16/bf16 at 100 samples.
#   OUT=... bash docs/logs/run45-c.sh
#   A=mosaic-43b:- B=mosaic-45c:- python3 docs/logs/run43-builds.py LOG     (the seeded defaults)
#   A=mosaic-45b:- B=mosaic-45c:- python3 docs/logs/run43-builds.py LOG     (the four moved)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-45c
log "verify ($N) bf16 --m 1536 --n 3271 --k 400"; timeout 120 ./.carry-rt/$N verify gemm --m 1536 --n 3271 --k 400 --dtype bf16 --target $T 2>&1 | tail -1
log "verify ($N) --m 5016 --n 355 --k 269 --b-layout col"; timeout 120 ./.carry-rt/$N verify gemm --m 5016 --n 355 --k 269 --b-layout col --target $T 2>&1 | tail -1
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck verify --m 301 --n 701 --k 1501 --a-layout col"
timeout 240 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 301 --n 701 --k 1501 --a-layout col --target $T 2>&1 | tail -2 | cut -c1-300
# Row stores (45-b's memcheck shape had none): 1001x1003x1005's default stages its C rows.
log "memcheck verify --m 1001 --n 1003 --k 1005"
timeout 240 $SAN --tool memcheck ./.carry-rt/$N verify gemm --m 1001 --n 1003 --k 1005 --target $T 2>&1 | tail -2 | cut -c1-300
log "verify ($N) bmm --batch 3 --m 700 --n 901 --k 300"; timeout 120 ./.carry-rt/$N verify bmm --batch 3 --m 700 --n 901 --k 300 --target $T 2>&1 | tail -1
vs "mosaic-45b:-|$N:-" --m 1752 --n 2557 --k 288
vs "mosaic-45b:-|$N:-" --m 1536 --n 3271 --k 400 --dtype bf16
vs "mosaic-45b:-|$N:-" --m 896 --n 6757 --k 528 --dtype bf16
vs "mosaic-45b:-|$N:-" --m 5016 --n 355 --k 269 --b-layout col
log "verify ($N) --m 4207 --n 792 --k 310"; timeout 120 ./.carry-rt/$N verify gemm --m 4207 --n 792 --k 310 --target $T 2>&1 | tail -1
log "verify ($N) --m 2292 --n 1136 --k 7045 --dtype tf32 --b-layout col"; timeout 120 ./.carry-rt/$N verify gemm --m 2292 --n 1136 --k 7045 --dtype tf32 --b-layout col --target $T 2>&1 | tail -1
log "verify ($N) --m 368 --n 448 --k 5891 --b-layout col"; timeout 120 ./.carry-rt/$N verify gemm --m 368 --n 448 --k 5891 --b-layout col --target $T 2>&1 | tail -1
for s in "313 1647 5525" "352 584 6541" "4093 4091 4097" "16 4096 4095"; do
  set -- $s; log "verify ($N) --m $1 --n $2 --k $3 --back-to-back --beta 0"
  timeout 120 ./.carry-rt/$N verify gemm --m $1 --n $2 --k $3 --back-to-back --beta 0 --target $T 2>&1 | tail -1
done
log "verify ($N) bmm --batch 3 --m 200 --n 301 --k 203"; timeout 120 ./.carry-rt/$N verify bmm --batch 3 --m 200 --n 301 --k 203 --target $T 2>&1 | tail -1
# Every other shape of each list (device time was short: run 45 had under 10 minutes left).
run() { local f=$1 i=0; shift; for s in "$@"; do i=$((i + 1)); [ $((i % 2)) = 1 ] || continue; IFS=x read m n k <<< "$s"; vs "mosaic-43b:-|$N:-" --m $m --n $n --k $k $f; done; }
run "--dtype bf16" 320x1065x4240 4884x4566x1333 2752x256x2579 4160x3528x6461 370x3682x568 5648x1920x677 642x7308x1840 904x592x307 1224x439x256 673x481x1032 282x2037x592 392x824x3667 6712x1016x7183 512x4042x352 598x3634x5792 4941x9378x2624 9224x320x2047 352x339x2400 7320x481x9070 504x576x3515 1792x549x7664 1208x6388x1320 584x582x8952 8363x1076x1824 566x4279x1376 464x1920x1287 1280x800x1225 4616x640x419 1978x360x2978 3584x2077x262 2912x1528x3793 1760x2719x608 328x683x280 1536x3271x400 616x880x2231 3928x9370x1688 824x2295x1312 1237x4982x5608 800x6240x4618 7698x527x3919
run "--b-layout col" 272x671x698 360x6688x1178 7560x408x4806 1908x2357x1423 5608x2879x462 512x8202x1355 368x448x5891 264x749x7087 671x1752x1292 2096x1510x359 968x4408x1804 8044x3248x1983 561x4187x2807 1008x408x3893 5113x5800x545 1128x3224x1930 2672x3696x1779 5416x585x4455 360x720x1084 368x857x788 320x1592x2743 790x1028x8865 264x392x2716 604x9259x8785 3688x312x1162 704x632x3323 813x760x1479
run "--dtype tf32 --b-layout col" 745x4880x9023 296x549x5194 552x1072x603 552x408x2821 832x1480x321 8232x594x611 1520x4047x934 276x5088x651 2292x1136x7045 2523x2265x447 464x800x1867 1008x2441x7858 3741x3576x423 312x2816x2443 4375x7952x7797 648x560x4682 920x296x4553
# The model's choice (seed 441's odd shapes it keeps on warp-level plans, and the one the
# refit moves): the default against the first warpgroup plan.
vs "$N:-|$N:--plan 2" --m 5872 --n 2136 --k 389
vs "$N:-|$N:--plan 2" --m 4477 --n 1128 --k 350
vs "$N:-|$N:--plan 2" --m 7848 --n 626 --k 299
vs "$N:-|$N:--plan 2|mosaic-43b:-" --m 4207 --n 792 --k 310
vs "$N:-|$N:--plan 3" --m 8000 --n 100 --k 1001
# 4096^3 f16 and bf16 (kernels unchanged since run 43), 100 samples.
for d in f16 bf16; do log "bench ($N) 4096^3 $d --samples 100"; timeout 150 ./.carry-rt/$N bench gemm --m 4096 --n 4096 --k 4096 --dtype $d --target $T --samples 100 2>&1 | grep "ratio [0-9]" | cut -c1-260; done
# Aligned small K, where 45-b found mosaic behind cuBLAS (3088x2096x272 0.774, 1752x2560x288
# 0.909, 8192x8192x256 0.980) and the model calls the defaults DRAM-bound (C is most of the
# bytes): the default against plans 3-5, and against fragment stores (--tma-store off).
for s in 3088x2096x272 1752x2560x288 8192x8192x256; do
  IFS=x read m n k <<< "$s"
  vs "$N:-|$N:--plan 3|$N:--plan 4|$N:--plan 5|$N:--tma-store off" --m $m --n $n --k $k
done
