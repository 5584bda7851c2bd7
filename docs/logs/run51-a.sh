#!/usr/bin/env bash
# Run 51-a: transposed plans for f16 / bf16 with a column-major A at decode shapes
# (mosaic-51b, 2783a2c: the kernel's B is the caller's A read MN-major, one tail box of m
# columns under 128-byte swizzle, wgmma m64nNk16 with N = m rounded up to 8). verify (f16
# and bf16 suites, ragged decode cases, alpha / beta, back-to-back), memcheck, then every
# moved default timed with both builds (mosaic-51a = c2ddf3f, the build before), cuBLAS in
# the same process: the LLM suite's moved shapes (f16 with a row-major B, bf16 with a
# column-major B) and seed 5101's first 14 moved decode shapes (m 2^U(0,7), n and k 2^U(9,14.5)); then the f16
# suite (B row-major) with 51b. (Cut to fit the 7.9 minutes of device time left.)
#   OUT=... bash docs/logs/run51-a.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-51b
for d in f16 bf16; do
  log "verify ($N) gemm --suite --dtype $d"
  timeout 300 ./.carry-rt/$N verify gemm --suite --dtype $d --target $T 2>&1 | tail -1 | cut -c1-200
done
for c in "--m 16 --n 264 --k 1032 --dtype f16 --b-layout row" "--m 24 --n 200 --k 520 --dtype bf16 --b-layout col" \
         "--m 17 --n 130 --k 1000 --dtype f16 --b-layout col" "--m 100 --n 480 --k 200 --dtype bf16 --b-layout row" \
         "--m 1 --n 840 --k 5616 --dtype f16 --b-layout col" \
         "--m 128 --n 5120 --k 5120 --dtype f16 --b-layout row --alpha 1.5 --beta -0.5" \
         "--m 16 --n 4096 --k 14336 --dtype bf16 --b-layout col --back-to-back" \
         "--m 92 --n 2121 --k 20593 --dtype f16 --b-layout col"; do
  echo "verify gemm $c --a-layout col :: $(timeout 120 ./.carry-rt/$N verify gemm $c --a-layout col --target $T 2>&1 | tail -1 | cut -c1-160)"
done
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
a="gemm --m 24 --n 999 --k 333 --dtype f16 --a-layout col --b-layout row"
log "memcheck verify ($N) $a"
timeout 150 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
SUITE16="16x6144x4096 16x4096x4096 16x28672x4096 16x4096x14336 16x15360x5120 16x5120x5120 16x27648x5120 16x5120x13824"
for s in 128x15360x5120 128x5120x5120 128x5120x13824 $SUITE16; do IFS=x read m n k <<< "$s"; vs "mosaic-51a:-|mosaic-51b:-" --m $m --n $n --k $k --dtype f16 --a-layout col --b-layout row; done
for s in 128x15360x5120 $SUITE16; do IFS=x read m n k <<< "$s"; vs "mosaic-51a:-|mosaic-51b:-" --m $m --n $n --k $k --dtype bf16 --a-layout col --b-layout col; done
SEEDED="13x22504x2024:bf16:col 6x1116x1703:bf16:col 1x840x5616:f16:col 1x2528x2904:bf16:col 10x12472x2376:f16:col
23x703x869:bf16:col 48x649x1650:bf16:row 16x7569x1296:bf16:col 92x2121x20593:f16:col 54x2941x10156:bf16:col
81x9184x3728:bf16:row 5x4700x512:bf16:col 48x1560x3096:f16:col 2x536x15816:bf16:col"
for x in $SEEDED; do IFS=: read s d b <<< "$x"; IFS=x read m n k <<< "$s"; vs "mosaic-51a:-|mosaic-51b:-" --m $m --n $n --k $k --dtype $d --a-layout col --b-layout $b; done
log "bench ($N) --suite llm --dtype f16 --a-layout col --b-layout row"
timeout 100 ./.carry-rt/$N bench gemm --suite llm --dtype f16 --a-layout col --b-layout row --target $T --samples 20 2>&1 | cut -c1-260
