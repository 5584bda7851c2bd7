#!/usr/bin/env bash
# Run 37-e (H200): the final build (`mosaic-37`) where it stands. The LLM suite (f16, bf16;
# its multicast kernels differ from run 35's by the stage release's guarded `mapa`); 37-b's
# four shapes against the run-36 build (two now take other wide split-K 4 grids than 37-b
# timed: 128x1800x7872 64x192 tiles, 120x1440x8328 64x128 in 96 CTAs); decode standings
# against cuBLAS at 37-a's fresh M = 128 shapes and run 32-c's sixteen.
#   OUT=... bash docs/logs/run37-e.sh; python3 docs/logs/run31-av.py LOG  (suite tables: $OUT/llm-*.txt)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16; do
  log "suite llm $d"
  timeout 130 ./.carry-rt/mosaic-37 bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-$d.txt" 2>&1
  grep -iE "geomean|geometric" "$OUT/llm-$d.txt"
done
for r in 1 2; do
  ab "mosaic mosaic-37" --m 128 --n 1536 --k 8088
  ab "mosaic mosaic-37" --m 128 --n 1800 --k 7872
  ab "mosaic mosaic-37" --m 120 --n 1440 --k 8328
  ab "mosaic mosaic-37" --m 119 --n 1752 --k 7400
done
for s in 4360x2904 1336x1960 4264x5248 8272x6424 1744x2496 1800x7872 1040x3488 1208x2184 1512x4072 1808x2448 1536x8088 8416x4976 2504x1520 5400x1184 1880x3064 1568x3632 4984x3168 4280x2536 7376x2648 4432x1272 \
         2912x1224 2840x4608 1728x3360 8696x2024 2528x6128 1112x4232 4928x5480 1376x6856 5464x1904 1872x1392 2232x2136 2096x4056 6096x7552 8320x4344 1392x2864 5912x2024; do
  IFS=x read n kk <<< "$s"
  bx mosaic-37 --m 128 --n $n --k $kk
done
