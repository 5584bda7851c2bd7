#!/usr/bin/env bash
# Run 42-c: the new defaults (`mosaic-42b`: programmatic dependent launch on for warpgroup
# kernels) on the decode criterion's shapes (39-g's 25 fresh shapes each of M = 128, seed
# 232, and M = 16, seed 231), each against `--pdl off` (the kernels as before, launched
# plainly: the kernel-for-kernel comparison); 8192^3 f16 and bf16 both ways; verify of
# default kernels (decode, transposed, column-major B, alpha/beta, a warp-level plan) and
# memcheck of one.
#   OUT=... bash docs/logs/run42-c.sh; python3 docs/logs/run42-sum.py LOG
. "$(dirname "$0")/run34-lib.sh"
B=mosaic-42b
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for a in "--m 128 --n 2776 --k 1472 --b-layout col" "--m 128 --n 6464 --k 2920 --alpha 1.5 --beta -0.5" \
         "--m 16 --n 5680 --k 3864" "--m 97 --n 3001 --k 2999" "--m 1000 --n 1000 --k 1000 --dtype bf16" \
         "--m 4096 --n 4096 --k 4096"; do
  log "verify $a"; timeout 120 ./.carry-rt/$B verify gemm $a --target $T 2>&1 | tail -1 | cut -c1-220
done
timeout 150 compute-sanitizer --tool memcheck ./.carry-rt/$B verify gemm --m 128 --n 2776 --k 1472 --target $T 2>&1 | grep -E "ERROR SUMMARY|passed|FAIL" | cut -c1-200
for s in "1656 1080" "6128 2808" "3120 5912" "4088 5560" "2776 1472" "2104 2384" "1560 1336" "2744 7096" "8840 2904" "1264 1088" "4240 1616" "2184 3240" "6472 1632" "7088 1024" "2688 1512" "1784 3888" "4640 2512" "3824 5096" "2888 1728" "7704 8496" "2600 2480" "2000 3448" "1680 1184" "2064 8256" "5264 1080"; do
  set -- $s
  av $B "-|--pdl off" --m 128 --n $1 --k $2
done
for s in "5680 3864" "1544 6808" "1808 1520" "2344 8720" "1160 6872" "7264 1872" "6808 1656" "4672 7792" "2016 1752" "3768 6128" "3088 1136" "5096 1752" "5288 2056" "1496 3344" "6424 9280" "2416 3776" "2952 5256" "2768 1184" "9288 2096" "7376 1728" "1616 2408" "4712 3536" "2416 6720" "4000 1168" "2536 2056"; do
  set -- $s
  av $B "-|--pdl off" --m 16 --n $1 --k $2
done
for d in f16 bf16; do
  av $B "-|--pdl off" --m 8192 --n 8192 --k 8192 --dtype $d
done
