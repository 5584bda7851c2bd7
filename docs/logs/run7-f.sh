#!/usr/bin/env bash
# Run 7-f: transposed plans for M <= 128 and B multicast across a 2-CTA cluster along the
# transposed m (the caller's activations loaded once per cluster): correctness, then each
# shape's default against the transposed plans with and without multicast (plan numbers
# from hopper-plans-7f.txt).   OUT=... bash docs/logs/run7-f.sh
# Ran on a build of 31df113 plus a candidate change (transposed plans offered with and without
# multicast) that was reverted after this run, so these plan numbers are that build's.
. "$(dirname "$0")/run7-lib.sh"
for a in "--m 128 --n 4096 --k 4096 --plan 9" "--m 16 --n 6144 --k 4096 --plan 2" "--m 120 --n 1032 --k 1032 --plan 2" "--m 100 --n 2056 --k 1032" "--m 16 --n 4096 --k 4096 --plan 9 --dtype tf32 --b-layout col"; do
  log "$a"; $M verify gemm $a --alpha 1.5 --beta -0.5 --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done
log memcheck; compute-sanitizer --tool memcheck $M verify gemm --m 128 --n 4096 --k 4096 --plan 9 --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q | cut -c1-150
for sp in "128 4096 4096 1 4 8 9" "128 6144 4096 1 4 5" "128 5120 5120 1 4 5" "16 4096 4096 1 8 9" "16 6144 4096 1 2"; do set -- $sp
  s="--m $1 --n $2 --k $3"; shift 3
  for p in "$@"; do log "$s plan $p"; $M bench gemm $s --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200; done; done
