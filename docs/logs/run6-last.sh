#!/usr/bin/env bash
# Run 6, last check on the submitted binary (after the run-time split loop in the split-K
# reduction): suites, split-K plans in f16 and tf32, LLM suites f16/bf16.
#   OUT=... bash docs/logs/run6-last.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
for d in f16 bf16 tf32; do echo "### suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
n=0; f=0
for s in "16 4096 4096" "128 4096 14336" "100 1000 2048"; do set -- $s
  for p in 1 2 3 4 5 6 7 8; do for lay in "--dtype f16" "--dtype tf32 --b-layout col"; do
    r=$($M verify gemm --target $T --alpha 1.5 --beta -0.5 --m $1 --n $2 --k $3 --plan $p $lay 2>&1 | grep -E "^(ok|FAIL)|rror"); n=$((n+1))
    case "$r" in ok*) ;; *) f=$((f+1)); echo "$1x$2x$3 plan $p $lay: $r";; esac
  done; done
done
echo "### split-K plan verification: $n runs, $f not ok"
for d in f16 bf16; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-$d.txt" 2>&1
  echo "### llm $d"; grep -E "^\|" "$OUT/llm-$d.txt" | cut -d'|' -f3,7 | tr '\n' ';'; echo; grep geometric "$OUT/llm-$d.txt"
done
