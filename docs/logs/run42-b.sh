#!/usr/bin/env bash
# Run 42-b: out of sample for `--pdl on` (programmatic dependent launch), against the
# default, at fresh shapes (seed 422: N, K = 2^U(10, 13.2) rounded down to a multiple of 8,
# at least 1024; M = 128 f16, bf16 and f16 with a column-major B, M = 16 bf16, and M =
# 2^U(8, 11) f16), and the LLM suite (f16, bf16) both ways; first whether cuBLAS's
# launches are programmatic dependents (run42-graph.py).
#   OUT=... bash docs/logs/run42-b.sh; python3 docs/logs/run42-sum.py LOG
. "$(dirname "$0")/run34-lib.sh"
B=mosaic-42
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "cuBLAS under stream capture: edge types"
timeout 120 python3 docs/logs/run42-graph.py "$OUT" 2>&1 | tail -24
while read -r m n k d extra; do
  av $B "-|--pdl on" --m $m --n $n --k $k --dtype $d $extra
done <<'SHAPES'
128 2408 1032 f16
128 8832 3904 f16
128 4048 2000 f16
128 1104 7824 f16
128 5984 1424 f16
128 2944 3312 f16
128 4056 4648 f16
128 5496 6048 f16
128 1560 2648 f16
128 2352 1872 f16
128 1080 5008 bf16
128 4344 2576 bf16
128 5848 2416 bf16
128 1184 4864 bf16
128 3128 3408 bf16
128 1216 2944 bf16
128 7120 6968 bf16
128 3040 1480 bf16
128 4192 7760 bf16
128 6984 4632 bf16
128 7624 2056 f16 --b-layout col
128 1632 6952 f16 --b-layout col
128 4072 1256 f16 --b-layout col
128 1312 3664 f16 --b-layout col
128 2400 6064 f16 --b-layout col
16 9344 1136 bf16
16 2440 1920 bf16
16 2400 7448 bf16
16 3800 1880 bf16
16 2696 1392 bf16
656 1592 5584 f16
955 5696 6024 f16
944 2104 3120 f16
304 1080 1904 f16
1544 6048 7976 f16
840 2696 7016 f16
SHAPES
for d in f16 bf16; do
  for f in off on; do
    log "suite llm $d --pdl $f"
    timeout 200 ./.carry-rt/$B bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 --pdl $f > "$OUT/llm-$d-pdl-$f.txt" 2>&1
    grep -iE "geometric" "$OUT/llm-$d-pdl-$f.txt"
  done
done
