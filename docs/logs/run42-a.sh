#!/usr/bin/env bash
# Run 42-a: programmatic dependent launch. (1) Does cuBLAS launch its GEMMs as programmatic
# dependents (run42-graph.py: PyTorch graph capture of two matmuls, verbose DOT dump)?
# (2) verify of `--pdl on` / `--pdl prefetch` kernels (decode, square, persistent, split-K,
# stream-K, bf16, blocks). (3) The default against `--pdl on` and `--pdl prefetch` at fresh
# decode shapes (seed 421: N, K = 2^U(10, 13.2) rounded down to a multiple of 8, at least
# 1024; 20 of M = 128 and 10 of M = 16, f16), at 4096^3, and the LLM suite (f16) both ways.
#   OUT=... bash docs/logs/run42-a.sh; python3 docs/logs/run42-sum.py LOG
. "$(dirname "$0")/run34-lib.sh"
B=mosaic-42
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "cuBLAS under graph capture: programmatic launches?"
timeout 120 python3 docs/logs/run42-graph.py "$OUT" 2>&1 | grep -v Warning | tail -20
log "verify --pdl"
for s in "128 2144 1368" "16 4096 4096" "1000 1000 1000" "300 2000 1000 --dtype bf16" \
         "4096 4096 4096" "1000 1000 1000 --stream-k on" "128 1624 1048 --plan 2" "97 3001 2999"; do
  set -- $s
  for f in on prefetch; do
    echo "verify $s --pdl $f: $(timeout 60 ./.carry-rt/$B verify gemm --m $1 --n $2 --k $3 ${@:4} --target $T --pdl $f 2>&1 | tail -1 | cut -c1-200)"
  done
done
for s in "4368 3968" "6984 3056" "3024 2096" "6776 2768" "3848 2360" "1344 8256" "1080 5752" \
         "4112 5960" "3288 2744" "2056 4240" "1048 2680" "7208 1568" "3144 7288" "3424 1504" \
         "2024 2520" "3000 1576" "2864 5008" "4384 3768" "1176 2032" "1488 1560"; do
  set -- $s
  av $B "-|--pdl on|--pdl prefetch" --m 128 --n $1 --k $2
done
for s in "1504 9112" "1928 6776" "3808 4480" "2864 4816" "3416 2120" "1248 2632" "1784 2808" \
         "1440 4720" "7232 9168" "8072 1072"; do
  set -- $s
  av $B "-|--pdl on|--pdl prefetch" --m 16 --n $1 --k $2
done
av $B "-|--pdl on|--pdl prefetch" --m 4096 --n 4096 --k 4096
for f in off prefetch; do
  log "suite llm f16 --pdl $f"
  timeout 200 ./.carry-rt/$B bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20 --pdl $f > "$OUT/llm-f16-pdl-$f.txt" 2>&1
  grep -iE "geomean|geometric" "$OUT/llm-f16-pdl-$f.txt"
done
