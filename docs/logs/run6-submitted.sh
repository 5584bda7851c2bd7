#!/usr/bin/env bash
# Run 6, the submitted binary (after the review's Shape/tile-loop refactor, which changed
# register numbering only): verify suites, split-K and persistent/multicast kernels, and
# the f16 LLM suite against cuBLAS.   OUT=... bash docs/logs/run6-submitted.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
for d in f16 bf16 tf32; do echo "### suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for a in "--m 2100 --n 2056 --k 1032 --multicast on --persistent off" "--m 3000 --n 2056 --k 1032 --persistent on" \
         "--m 16 --n 4096 --k 4096 --dtype tf32 --b-layout col" "--m 128 --n 4096 --k 14336 --plan 4"; do
  echo "### $a"; $M verify gemm $a --target $T --alpha 1.5 --beta -0.5 2>&1 | grep -E "^(ok|FAIL)|rror" | cut -c1-140; done
$M bench gemm --m 4096 --n 4096 --k 4096 --target $T --samples 20 2>&1 | grep "ratio [0-9]"
$M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --target $T --samples 20 > $OUT/llm-f16.txt 2>&1; grep geometric $OUT/llm-f16.txt
