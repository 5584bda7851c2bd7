#!/usr/bin/env bash
# Run 36-b (H200): 64x96 tiles at M = 128 where 96 does not divide N (`mosaic-w96`: the
# experimental build `mosaic-x` with MOSAIC_WN96=1, which offers them; cuBLAS runs 104 CTAs
# of 64x96 in 8-CTA clusters at 128x4928x5480, run 32-d, where mosaic's default runs 80 of
# 64x128), alone and with A and B shared over 2 x 2 and 2 x 4 blocks; verify first. Then ncu
# (`--set full`, clocks free) of mosaic's default and cuBLAS at 128x2840x4608, where both
# run 64x64 tiles in clusters (2 x 2 and 4 x 2) and cuBLAS is 12% faster (36-a).
#   OUT=... bash docs/logs/run36-b.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-w96"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
r=$(timeout 30 ./.carry-rt/mosaic-w96 verify gemm --m 128 --n 4928 --k 5480 --plan 1 --multicast ab --target $T 2>&1 | tail -2)
echo "$r" | grep -q "1 passed, 0 failed" || { echo "first verify failed: $r"; exit 1; }
v --m 128 --n 4928 --k 5480 --plan 1
v --m 128 --n 4928 --k 5480 --plan 1 --multicast ab2x4
for f in off ab ab2x4; do v --m 121 --n 4904 --k 3000 --plan 1 --multicast $f; done
v --m 77 --n 4904 --k 3000 --dtype bf16 --b-layout col --plan 2 --multicast ab
v --m 128 --n 1112 --k 4232 --plan 1
v --m 100 --n 1376 --k 6856 --plan 1
mc --m 121 --n 4904 --k 3000 --plan 1 --multicast ab
for s in 128x4928x5480 128x6096x7552 128x5912x2024 128x5464x1904 121x4904x3000; do
  IFS=x read m n kk <<< "$s"
  vs "mosaic-x:-|mosaic-w96:--plan 1 --multicast off|mosaic-w96:--plan 1 --multicast ab|mosaic-w96:--plan 1 --multicast ab2x4" --m $m --n $n --k $kk
done
for s in 128x1112x4232 128x1376x6856 128x1392x2864; do
  IFS=x read m n kk <<< "$s"
  vs "mosaic-x:-|mosaic-w96:--plan 1" --m $m --n $n --k $kk
done
nf mosaic-x m2840 mosaic_gemm --m 128 --n 2840 --k 4608
nf mosaic-x c2840 'nvjet|sm90_' --m 128 --n 2840 --k 4608
# Per-instruction stall samples (SASS) of both kernels.
for x in "m mosaic_gemm" "c nvjet|sm90_"; do
  set -- $x
  timeout 200 $NCU --clock-control none --section SourceCounters --section WarpStateStats --kernel-name regex:"$2" --launch-skip 3 --launch-count 1 \
    -o "$OUT/sc-$1" ./.carry-rt/mosaic-x bench gemm --m 128 --n 2840 --k 4608 --target $T --samples 20 > /dev/null 2>&1
  $NCU --import "$OUT/sc-$1.ncu-rep" --page source --csv --print-source sass > "$OUT/sass-$1-2840.csv" 2>&1
  $NCU --import "$OUT/sc-$1.ncu-rep" --page details > "$OUT/ws-$1-2840.txt" 2>&1
  rm -f "$OUT/sc-$1.ncu-rep"; wc -l "$OUT/sass-$1-2840.csv"
done
