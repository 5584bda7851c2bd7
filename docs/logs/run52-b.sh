#!/usr/bin/env bash
# Run 52-b: out of sample for the charge on transposed plans of a 16-bit column-major A above
# 128 rows (mosaic-52c: 52t plus TRANSPOSED_MN_MAJOR_B_FACTOR 1.04, fitted on 52-a's 35
# shapes). verify (f16 and bf16 suites, moved ragged shapes, alpha / beta), memcheck, then
# every default of seed 5203's 60 shapes (m 2^U(7.02, 12.5), n and k 2^U(9, 14.5)) that moved
# against mosaic-52a (25) timed with both builds, cuBLAS in the same process.
#   OUT=... bash docs/logs/run52-b.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-52c
for d in f16 bf16; do
  log "verify ($N) gemm --suite --dtype $d"
  timeout 300 ./.carry-rt/$N verify gemm --suite --dtype $d --target $T 2>&1 | tail -1 | cut -c1-200
done
for c in "--m 1241 --n 5484 --k 986 --dtype bf16 --b-layout row" "--m 4152 --n 552 --k 2788 --dtype f16 --b-layout col --alpha 1.5 --beta -0.5" \
         "--m 5359 --n 808 --k 21604 --dtype bf16 --b-layout row" "--m 224 --n 3643 --k 19901 --dtype bf16 --b-layout col" \
         "--m 1612 --n 730 --k 2999 --dtype bf16 --b-layout col" "--m 646 --n 2327 --k 20469 --dtype f16 --b-layout col --back-to-back"; do
  echo "verify gemm $c --a-layout col :: $(timeout 120 ./.carry-rt/$N verify gemm $c --a-layout col --target $T 2>&1 | tail -1 | cut -c1-160)"
done
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
a="gemm --m 584 --n 872 --k 2011 --dtype f16 --a-layout col --b-layout row"
log "memcheck verify ($N) $a"
timeout 150 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
MOVED_C="292x7158x11207:f16:col 1241x5484x986:bf16:row 4152x552x2788:f16:col 5359x808x21604:bf16:row 742x2933x936:bf16:col
5355x1334x3306:bf16:row 1101x2621x12937:f16:col 243x5203x15240:bf16:col 2256x591x7492:bf16:row 726x963x4837:f16:col
334x2632x15858:f16:col 943x2316x1760:f16:col 1864x2078x754:bf16:row 279x8167x9314:f16:row 4895x2276x596:f16:row
224x3643x19901:bf16:col 1612x730x2999:bf16:col 1128x582x4477:f16:col 1232x5576x3008:bf16:row 646x2327x20469:f16:col
247x2224x18738:f16:col 774x17478x2073:f16:row 1369x857x8936:f16:col 855x1410x5982:f16:row 584x872x2011:f16:row"
for x in $MOVED_C; do IFS=: read s d b <<< "$x"; IFS=x read m n k <<< "$s"; vs "mosaic-52a:-|mosaic-52c:-" --m $m --n $n --k $k --dtype $d --a-layout col --b-layout $b; done
