#!/usr/bin/env bash
# Run 46-b: the second half of run 45's unrun plan (docs/logs/run45-c.sh): out of sample,
# mosaic-46a (98dbdf6) against run 43's build (mosaic-43b) at every default run 44's operand
# copies move among fresh seeded shapes: seed 442 bf16 (40), 443 f16 with a column-major B
# (27), 444 tf32 with a column-major B (17); all of them this time (45-c planned every other).
#   OUT=... bash docs/logs/run46-b.sh; A=mosaic-43b:- B=mosaic-46a:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-46a
run() { local f=$1 i=0; shift; for s in "$@"; do i=$((i + 1)); IFS=x read m n k <<< "$s"; vs "mosaic-43b:-|$N:-" --m $m --n $n --k $k $f; done; }
run "--dtype bf16" 320x1065x4240 4884x4566x1333 2752x256x2579 4160x3528x6461 370x3682x568 5648x1920x677 642x7308x1840 904x592x307 1224x439x256 673x481x1032 282x2037x592 392x824x3667 6712x1016x7183 512x4042x352 598x3634x5792 4941x9378x2624 9224x320x2047 352x339x2400 7320x481x9070 504x576x3515 1792x549x7664 1208x6388x1320 584x582x8952 8363x1076x1824 566x4279x1376 464x1920x1287 1280x800x1225 4616x640x419 1978x360x2978 3584x2077x262 2912x1528x3793 1760x2719x608 328x683x280 1536x3271x400 616x880x2231 3928x9370x1688 824x2295x1312 1237x4982x5608 800x6240x4618 7698x527x3919
run "--b-layout col" 272x671x698 360x6688x1178 7560x408x4806 1908x2357x1423 5608x2879x462 512x8202x1355 368x448x5891 264x749x7087 671x1752x1292 2096x1510x359 968x4408x1804 8044x3248x1983 561x4187x2807 1008x408x3893 5113x5800x545 1128x3224x1930 2672x3696x1779 5416x585x4455 360x720x1084 368x857x788 320x1592x2743 790x1028x8865 264x392x2716 604x9259x8785 3688x312x1162 704x632x3323 813x760x1479
run "--dtype tf32 --b-layout col" 745x4880x9023 296x549x5194 552x1072x603 552x408x2821 832x1480x321 8232x594x611 1520x4047x934 276x5088x651 2292x1136x7045 2523x2265x447 464x800x1867 1008x2441x7858 3741x3576x423 312x2816x2443 4375x7952x7797 648x560x4682 920x296x4553
# The model's choice (seed 441's odd shapes it keeps on warp-level plans, and the one the
# refit moves): the default against the first warpgroup plan.
