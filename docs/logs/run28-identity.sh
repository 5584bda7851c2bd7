#!/usr/bin/env bash
# Run 28: plan 1 of two builds at the LLM suite shapes (M = 4096, 128, 16) and 2048^3, 4096^3,
# 6144^3, 8192^3, in four dtype / layout cases (f16, bf16, f16 with a column-major B, tf32
# with a column-major B): the PTX each compiles, less its modeled-figure lines. Prints each
# case whose kernel differs, then the count.
#   A=.carry-rt/mosaic-base B=.carry-rt/mosaic bash docs/logs/run28-identity.sh
A=${A:-.carry-rt/mosaic-base}; B=${B:-.carry-rt/mosaic}
shapes=""
for m in 4096 128 16; do
  for nk in "6144 4096" "4096 4096" "28672 4096" "4096 14336" "15360 5120" "5120 5120" "27648 5120" "5120 13824"; do
    shapes="$shapes $m,${nk/ /,}"
  done
done
shapes="$shapes 2048,2048,2048 4096,4096,4096 6144,6144,6144 8192,8192,8192"
diffs=0; total=0
for s in $shapes; do
  IFS=, read m n k <<< "$s"
  for c in "f16 row" "bf16 row" "f16 col" "tf32 col"; do
    set -- $c
    args="compile gemm --m $m --n $n --k $k --dtype $1 --b-layout $2 --target sm_90a"
    a=$($A $args -o /dev/stdout 2>/dev/null | grep -v "cycles\|TFLOP/s" | md5sum)
    b=$($B $args -o /dev/stdout 2>/dev/null | grep -v "cycles\|TFLOP/s" | md5sum)
    total=$((total + 1))
    if [ "$a" != "$b" ]; then diffs=$((diffs + 1)); echo "differs: $m x $n x $k $c"; fi
  done
done
echo "$diffs of $total first plans differ"
