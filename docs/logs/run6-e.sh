#!/usr/bin/env bash
# Run 6, after the batched v4 split-K reduction and the 4-over-3-stage rule: split-K
# correctness (f16/bf16, alpha/beta), decode plans, tf32 split-K with a test build that
# lifts the refusal (.carry-rt/mosaic-tf32sk, not committed), LLM suites.
#   OUT=... bash docs/logs/run6-e.sh
set -u
M=./.carry-rt/mosaic
X=./.carry-rt/mosaic-tf32sk
T=sm_90a
q() { sed -E 's/ (f16|bf16|f32)\*.*RR? ?[RC]* a=/ a=/; s/\[20 samples.*//; s/seed.*vs cuBLAS rel/cuBLAS rel/'; }
for s in "16 4096 4096" "128 4096 14336" "100 1000 2048" "16 5120 13824"; do set -- $s
  for p in 1 2 3 4 5 6; do echo "## verify $1x$2x$3 plan $p"; $M verify gemm --m $1 --n $2 --k $3 --target $T --plan $p --alpha 1.5 --beta -0.5 2>&1 | grep -E "^(ok|FAIL|error)|rror" | q; done
done
$M verify gemm --m 128 --n 4096 --k 4096 --dtype bf16 --target $T 2>&1 | grep -E "^(ok|FAIL)" | q
for s in "16 4096 4096" "128 4096 4096" "16 5120 13824" "128 6144 4096"; do set -- $s
  for p in 1 2 3 4 5 6; do echo "## tf32 split-K test build $1x$2x$3 plan $p"; $X verify gemm --m $1 --n $2 --k $3 --dtype tf32 --b-layout col --target $T --plan $p --alpha 1.5 --beta -0.5 2>&1 | grep -E "^(ok|FAIL|error)|rror" | q; done
done
for s in "128 4096 4096" "16 4096 4096" "16 5120 5120"; do set -- $s
  for p in 1 2 3 4 5 6 7 8; do echo "## $1x$2x$3 plan $p"; $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 --plan $p 2>&1 | grep "ratio [0-9]" | q; done
done
$M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20 > $OUT/llm-f16.txt 2>&1; grep geometric $OUT/llm-f16.txt
$X bench gemm --m 1 --n 1 --k 1 --suite llm --dtype tf32 --b-layout col --target $T --samples 20 > $OUT/llm-tf32sk.txt 2>&1; grep geometric $OUT/llm-tf32sk.txt
grep -E "^\|" $OUT/llm-f16.txt | cut -d'|' -f3,7 | tr '\n' ' '
