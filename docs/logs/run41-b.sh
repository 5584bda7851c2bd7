#!/usr/bin/env bash
# Run 41-b: k-pair consumers (`--k-pair on`, new: two consumer warpgroups take a
# one-warpgroup tile's even and odd k-tiles and add their partial tiles, cuBLAS's structure
# at M = 128 per 41-a's ncu) against the default: 41-a's weak M = 128 shapes (less the two
# whose default is split-K, which the option refuses), then 39-g's 25 fresh shapes each of
# M = 128 (seed 232) and M = 16 (seed 231); verify and memcheck of k-pair kernels.
#   OUT=... bash docs/logs/run41-b.sh; BASE=mosaic-41b python3 docs/logs/run39-vs.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "1656 1080" "1560 1336" "5264 1080" "8840 2904" "7704 8496" "2688 1512" "2776 1472" "3824 5096" "3776 1352" "6464 2920" "3272 1512 --dtype bf16" "2160 1312 --dtype bf16" "2800 1168" "3504 1528" "3112 3424" "4432 1272" \
         "1656 1080" "6128 2808" "3120 5912" "4088 5560" "2776 1472" "2104 2384" "1560 1336" "2744 7096" "8840 2904" "1264 1088" "4240 1616" "2184 3240" "6472 1632" "7088 1024" "2688 1512" "1784 3888" "4640 2512" "3824 5096" "2888 1728" "7704 8496" "2600 2480" "2000 3448" "1680 1184" "2064 8256" "5264 1080"; do
  set -- $s; n=$1; k=$2; shift 2
  av mosaic-41b "-|--k-pair on" --m 128 --n $n --k $k "$@"
done
for s in "5680 3864" "1544 6808" "1808 1520" "2344 8720" "1160 6872" "7264 1872" "6808 1656" "4672 7792" "2016 1752" "3768 6128" "3088 1136" "5096 1752" "5288 2056" "1496 3344" "6424 9280" "2416 3776" "2952 5256" "2768 1184" "9288 2096" "7376 1728" "1616 2408" "4712 3536" "2416 6720" "4000 1168" "2536 2056"; do
  set -- $s
  av mosaic-41b "-|--k-pair on" --m 16 --n $1 --k $2
done
B=./.carry-rt/mosaic-41b
for a in "--m 128 --n 3776 --k 1352" "--m 128 --n 3272 --k 1512 --dtype bf16" "--m 128 --n 2776 --k 1472 --b-layout col" \
         "--m 128 --n 6464 --k 2920 --alpha 1.5 --beta -0.5" "--m 128 --n 4432 --k 1272 --c-dtype f16" "--m 100 --n 1000 --k 1000" \
         "--m 16 --n 5680 --k 3864" "--m 300 --n 2000 --k 1000 --dtype bf16"; do
  log "verify $a --k-pair on"; timeout 120 $B verify gemm $a --target $T --k-pair on 2>&1 | tail -1 | cut -c1-220
done
log "memcheck --m 128 --n 2776 --k 1472 --k-pair on"
timeout 150 compute-sanitizer --tool memcheck $B verify gemm --m 128 --n 2776 --k 1472 --k-pair on --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | cut -c1-200
