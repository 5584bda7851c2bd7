#!/usr/bin/env bash
# Run 6: kernels whose grid has at most one CTA per SM get one CTA/SM and 6 stages
# (codegen, LONE_STAGES). Suites, those kernels verified, LLM suites.
#   OUT=... bash docs/logs/run6-lone.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
for d in f16 bf16 tf32; do echo "### suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
n=0; f=0
for s in "16 4096 4096" "128 4096 14336" "16 6144 4096" "128 4096 4096"; do set -- $s
  for p in 1 2 3; do for lay in "--dtype f16" "--dtype tf32 --b-layout col" "--dtype bf16 --a-layout col"; do
    r=$($M verify gemm --target $T --alpha 1.5 --beta -0.5 --m $1 --n $2 --k $3 --plan $p $lay 2>&1 | grep -E "^(ok|FAIL)|rror"); n=$((n+1))
    case "$r" in ok*) ;; *) f=$((f+1)); echo "$1x$2x$3 plan $p $lay: $r";; esac
  done; done
done
echo "### lone-kernel verification: $n runs, $f not ok"
for d in f16 bf16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
  echo "### llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
done
