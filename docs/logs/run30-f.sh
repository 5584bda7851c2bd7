#!/usr/bin/env bash
# Run 30-f (H100): 30-a's mirrored ties again, with the final build's launch orders (n fastest
# where run 30 takes it), and 13 more exact ties (seeds 50 and 51): which orientation wins
# once each has its launch order? Plan 1 against its mirror's rank, 30 paired samples, order
# rotated.
#   OUT=... bash docs/logs/run30-f.sh
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
while read -r s r; do
  IFS=x read m n kk <<< "$s"
  av mosaic "--plan 1|--plan $r" --m $m --n $n --k $kk
done <<'LIST'
320x5608x5968 2
880x1856x2944 2
1216x1592x1272 2
2279x736x7616 2
5152x376x1720 2
5488x304x2960 2
1504x1240x528 2
4976x1216x728 2
4528x608x1488 2
3184x904x864 2
4560x576x9192 4
1800x1448x3088 4
328x5776x5312 4
912x2960x1984 4
344x8040x1728 4
2384x3328x2800 2
856x8992x488 2
3661x2248x528 2
3896x984x9376 4
4752x1568x3240 2
1144x800x5584 3
1992x472x744 3
432x1024x3568 4
376x2600x2336 3
936x960x1760 4
1680x448x8064 2
676x2056x2424 3
560x1176x8416 3
1776x888x7488 2
7224x256x1224 2
5400x264x3664 2
1048x1784x6896 2
408x3856x8880 2
552x2984x1512 2
4176x712x1040 4
5408x480x2192 4
1446x2048x1480 4
2640x368x304 3
1240x640x992 3
350x1376x4840 4
491x1528x2976 4
LIST
