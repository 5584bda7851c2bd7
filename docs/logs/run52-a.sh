#!/usr/bin/env bash
# Run 52-a: (1) transposed plans for f16 / bf16 with a column-major A above 128 rows
# (mosaic-52t: HEAD 53c9f4c less the refusal in `hopper::supports_transposed`): verify
# (f16 and bf16 suites, moved ragged shapes, alpha / beta, back-to-back), memcheck, then
# every moved default of seeds 5201 (21 of 40) and 5202 (14 of 30) timed against mosaic-52a
# (53c9f4c), cuBLAS in the same process; (2) run 51's decode-rule lead: the 14 of seed
# 5102's 30 shapes whose default moves when `decode::adjust` is gated off for a 16-bit
# column-major A (mosaic-52d), timed against mosaic-52a.
#   OUT=... bash docs/logs/run52-a.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-52t
for d in f16 bf16; do
  log "verify ($N) gemm --suite --dtype $d"
  timeout 300 ./.carry-rt/$N verify gemm --suite --dtype $d --target $T 2>&1 | tail -1 | cut -c1-200
done
for c in "--m 1353 --n 813 --k 834 --dtype f16 --b-layout row" "--m 304 --n 619 --k 11715 --dtype f16 --b-layout col" \
         "--m 132 --n 9037 --k 18951 --dtype bf16 --b-layout row" "--m 179 --n 2786 --k 12576 --dtype f16 --b-layout col" \
         "--m 1437 --n 2192 --k 1656 --dtype bf16 --b-layout row --alpha 1.5 --beta -0.5" \
         "--m 936 --n 4268 --k 3634 --dtype f16 --b-layout col" "--m 5656 --n 1158 --k 1959 --dtype bf16 --b-layout col" \
         "--m 473 --n 614 --k 3598 --dtype f16 --b-layout col --back-to-back" "--m 2614 --n 3705 --k 22701 --dtype bf16 --b-layout row" \
         "--m 336 --n 16474 --k 1885 --dtype bf16 --b-layout row"; do
  echo "verify gemm $c --a-layout col :: $(timeout 120 ./.carry-rt/$N verify gemm $c --a-layout col --target $T 2>&1 | tail -1 | cut -c1-160)"
done
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
a="gemm --m 1353 --n 813 --k 834 --dtype f16 --a-layout col --b-layout row"
log "memcheck verify ($N) $a"
timeout 150 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
MOVED_T="336x16474x1885:bf16:row 458x2041x15540:bf16:row 529x5146x1364:f16:row 1101x12266x2668:f16:row
1282x3933x12806:bf16:row 1353x813x834:f16:row 936x4268x3634:f16:col 1717x611x1325:f16:row 1670x662x1290:bf16:row
1753x591x1731:bf16:col 864x10050x3398:bf16:col 372x5193x18549:f16:row 2614x3705x22701:bf16:row 416x10309x1146:bf16:row
179x2786x12576:f16:col 279x7870x9801:f16:row 1437x2192x1656:bf16:row 308x1659x10301:f16:row 304x619x11715:f16:col
380x7961x4011:f16:row 132x9037x18951:bf16:row
3523x596x4422:bf16:row 2143x1494x4140:f16:col 767x2176x7979:bf16:row 473x614x3598:f16:col 1160x2702x3232:bf16:col
456x1451x3587:f16:col 461x2247x5668:bf16:row 5656x1158x1959:bf16:col 1185x1004x2805:bf16:row 624x797x5231:bf16:row
4112x1379x4716:bf16:row 306x11710x7308:f16:row 621x1348x6718:f16:col 174x2935x4406:f16:col"
for x in $MOVED_T; do IFS=: read s d b <<< "$x"; IFS=x read m n k <<< "$s"; vs "mosaic-52a:-|mosaic-52t:-" --m $m --n $n --k $k --dtype $d --a-layout col --b-layout $b; done
MOVED_D="109x22567x18761:bf16:row 110x6090x13295:bf16:row 112x6000x10031:bf16:row 127x20784x1541:bf16:col
127x18434x13496:f16:row 125x7095x1051:f16:row 119x6826x16293:bf16:row 121x21701x7591:f16:row 110x8198x3188:bf16:col
113x6027x9059:f16:row 107x17118x20586:bf16:row 107x8745x2133:f16:row 123x7531x5604:f16:row 126x5024x1437:f16:col"
for x in $MOVED_D; do IFS=: read s d b <<< "$x"; IFS=x read m n k <<< "$s"; vs "mosaic-52a:-|mosaic-52d:-" --m $m --n $n --k $k --dtype $d --a-layout col --b-layout $b; done
# Run 51's one transposed + multicast decode default (simulated only then), with mosaic-52a.
c="--m 128 --n 3104 --k 1120 --dtype f16 --a-layout col --b-layout col"
echo "verify gemm $c (mosaic-52a) :: $(timeout 120 ./.carry-rt/mosaic-52a verify gemm $c --target $T 2>&1 | tail -1 | cut -c1-160)"
bx mosaic-52a $c
