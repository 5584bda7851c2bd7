#!/usr/bin/env bash
# Run 39-g (H200): the final build (`mosaic-hr`): the LLM suite (f16, bf16; row-major A and
# B, f32 C; three M = 16 rows' kernels moved in this run), and the decode criterion at 25
# fresh shapes each of M = 16 (seed 231) and M = 128 (seed 232), N, K >= 1024, f16.
#   OUT=... bash docs/logs/run39-g.sh   # suite tables: $OUT/llm-*.txt
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16; do
  log "suite llm $d"
  timeout 130 ./.carry-rt/mosaic-hr bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-$d.txt" 2>&1
  grep -iE "geomean|geometric" "$OUT/llm-$d.txt"
done
bx mosaic-hr --m 16 --n 5680 --k 3864
bx mosaic-hr --m 16 --n 1544 --k 6808
bx mosaic-hr --m 16 --n 1808 --k 1520
bx mosaic-hr --m 16 --n 2344 --k 8720
bx mosaic-hr --m 16 --n 1160 --k 6872
bx mosaic-hr --m 16 --n 7264 --k 1872
bx mosaic-hr --m 16 --n 6808 --k 1656
bx mosaic-hr --m 16 --n 4672 --k 7792
bx mosaic-hr --m 16 --n 2016 --k 1752
bx mosaic-hr --m 16 --n 3768 --k 6128
bx mosaic-hr --m 16 --n 3088 --k 1136
bx mosaic-hr --m 16 --n 5096 --k 1752
bx mosaic-hr --m 16 --n 5288 --k 2056
bx mosaic-hr --m 16 --n 1496 --k 3344
bx mosaic-hr --m 16 --n 6424 --k 9280
bx mosaic-hr --m 16 --n 2416 --k 3776
bx mosaic-hr --m 16 --n 2952 --k 5256
bx mosaic-hr --m 16 --n 2768 --k 1184
bx mosaic-hr --m 16 --n 9288 --k 2096
bx mosaic-hr --m 16 --n 7376 --k 1728
bx mosaic-hr --m 16 --n 1616 --k 2408
bx mosaic-hr --m 16 --n 4712 --k 3536
bx mosaic-hr --m 16 --n 2416 --k 6720
bx mosaic-hr --m 16 --n 4000 --k 1168
bx mosaic-hr --m 16 --n 2536 --k 2056
bx mosaic-hr --m 128 --n 1656 --k 1080
bx mosaic-hr --m 128 --n 6128 --k 2808
bx mosaic-hr --m 128 --n 3120 --k 5912
bx mosaic-hr --m 128 --n 4088 --k 5560
bx mosaic-hr --m 128 --n 2776 --k 1472
bx mosaic-hr --m 128 --n 2104 --k 2384
bx mosaic-hr --m 128 --n 1560 --k 1336
bx mosaic-hr --m 128 --n 2744 --k 7096
bx mosaic-hr --m 128 --n 8840 --k 2904
bx mosaic-hr --m 128 --n 1264 --k 1088
bx mosaic-hr --m 128 --n 4240 --k 1616
bx mosaic-hr --m 128 --n 2184 --k 3240
bx mosaic-hr --m 128 --n 6472 --k 1632
bx mosaic-hr --m 128 --n 7088 --k 1024
bx mosaic-hr --m 128 --n 2688 --k 1512
bx mosaic-hr --m 128 --n 1784 --k 3888
bx mosaic-hr --m 128 --n 4640 --k 2512
bx mosaic-hr --m 128 --n 3824 --k 5096
bx mosaic-hr --m 128 --n 2888 --k 1728
bx mosaic-hr --m 128 --n 7704 --k 8496
bx mosaic-hr --m 128 --n 2600 --k 2480
bx mosaic-hr --m 128 --n 2000 --k 3448
bx mosaic-hr --m 128 --n 1680 --k 1184
bx mosaic-hr --m 128 --n 2064 --k 8256
bx mosaic-hr --m 128 --n 5264 --k 1080
