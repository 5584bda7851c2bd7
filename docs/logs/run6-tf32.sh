#!/usr/bin/env bash
# Run 6, after the equal-tile descriptor fix: tf32 (split-K allowed again) and f16 col/row
# equal-tile kernels verified over many plans, suites, memcheck, tf32 LLM suite.
#   OUT=... bash docs/logs/run6-tf32.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/seed.*vs cuBLAS rel/cuBLAS rel/'; }
for d in f16 bf16 tf32; do echo "### suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
V="verify gemm --target $T --alpha 1.5 --beta -0.5"
n=0; f=0
for s in "16 4096 4096" "128 4096 4096" "256 4096 4096" "16 5120 13824" "1000 1000 1000" "2100 2056 1032"; do set -- $s
  for p in 1 2 3 4 5 6 7 8; do
    for lay in "--dtype tf32 --b-layout col" "--dtype f16 --a-layout col" "--dtype bf16 --b-layout col"; do
      r=$($M $V --m $1 --n $2 --k $3 --plan $p $lay 2>&1 | grep -E "^(ok|FAIL)|rror" | q); n=$((n+1))
      case "$r" in ok*) ;; *) f=$((f+1)); echo "$1x$2x$3 plan $p $lay: $r";; esac
    done
  done
done
echo "### plan verification: $n runs, $f not ok"
compute-sanitizer --tool memcheck $M verify gemm --m 16 --n 4096 --k 4096 --dtype tf32 --b-layout col --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
$M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --b-layout col --target $T --samples 20 > $OUT/llm-tf32.txt 2>&1
grep -E "^\|" $OUT/llm-tf32.txt | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric $OUT/llm-tf32.txt
