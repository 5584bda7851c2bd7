#!/usr/bin/env bash
# Run 50-b: transposed plans for tf32 with a column-major A (mosaic-50b): the caller's A
# through its transposing copy as the kernel's B, the caller's B (row-major: from registers;
# column-major: K-major tiles) as its A. verify (tf32 suite, ragged and batched cases,
# back-to-back), memcheck, then every moved default timed with both builds (mosaic-50a the
# build before), cuBLAS in the same process: the tf32 LLM suite's moved shapes with a
# column-major A and a row-major or column-major B, seed 5002's (A col, B row) and seed
# 5003's (both col) moved shapes among their first 40, and the suite once more with 50b.
#   OUT=... bash docs/logs/run50-b.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-50b
log "verify ($N) gemm --suite --dtype tf32"
timeout 300 ./.carry-rt/$N verify gemm --suite --dtype tf32 --target $T 2>&1 | tail -1 | cut -c1-200
for c in "gemm --m 24 --n 135 --k 333 --a-layout col" "gemm --m 16 --n 1000 --k 333 --a-layout col --back-to-back" \
         "gemm --m 128 --n 4097 --k 1001 --a-layout col" "gemm --m 1000 --n 777 --k 333 --a-layout col" \
         "bmm --batch 3 --m 72 --n 135 --k 199 --a-layout col" "gemm --m 17 --n 999 --k 501 --a-layout col --b-layout col" \
         "gemm --m 300 --n 136 --k 72 --a-layout col --b-layout col" "gemm --m 506 --n 624 --k 360 --a-layout col" \
         "gemm --m 348 --n 3147 --k 6512 --a-layout col --b-layout col" "gemm --m 16 --n 4096 --k 4096 --a-layout col --alpha 1.5 --beta -0.5"; do
  echo "verify $c :: $(timeout 120 ./.carry-rt/$N verify $c --dtype tf32 --target $T 2>&1 | tail -1 | cut -c1-160)"
done
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
a="gemm --m 24 --n 135 --k 333 --dtype tf32 --a-layout col"
log "memcheck verify ($N) $a"
timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
CR="128x6144x4096 128x4096x4096 128x28672x4096 128x4096x14336 128x15360x5120 128x5120x5120 128x27648x5120 128x5120x13824
16x6144x4096 16x4096x4096 16x4096x14336 16x15360x5120 16x5120x5120 16x27648x5120 16x5120x13824
506x624x360 400x2112x429 1717x512x5256 396x736x872 560x848x1976 944x3056x4291 360x2640x328 1680x2216x1152 2104x3280x1832
856x1912x1384 907x3088x376 440x2464x6976 1440x1424x752 877x1696x1470 1083x2664x7616 2417x989x4262 296x520x3960 352x416x5568 1168x1456x4616"
CC="128x15360x5120 16x27648x5120 3821x992x6192 1579x7064x6423 3151x568x800 778x1104x6103 348x3147x6512 686x964x6384 1875x2107x2433"
for s in $CR; do IFS=x read m n k <<< "$s"; vs "mosaic-50a:-|mosaic-50b:-" --m $m --n $n --k $k --dtype tf32 --a-layout col --b-layout row; done
for s in $CC; do IFS=x read m n k <<< "$s"; vs "mosaic-50a:-|mosaic-50b:-" --m $m --n $n --k $k --dtype tf32 --a-layout col --b-layout col; done
log "bench ($N) --suite llm --dtype tf32 --a-layout col --b-layout row"
timeout 200 ./.carry-rt/$N bench gemm --suite llm --dtype tf32 --a-layout col --b-layout row --target $T --samples 20 2>&1 | cut -c1-260
