#!/usr/bin/env bash
# Run 7-e: 64B and 32B swizzle spans (--swizzle): correctness in both majors, tf32,
# transposed, multicast, split-K and ragged kernels, memcheck, and speed against 128B on
# square, decode and M = 128 shapes.   OUT=... bash docs/logs/run7-e.sh
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for sw in 64 32; do
  log "suite f16 --swizzle $sw"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --swizzle $sw --target $T 2>&1 | grep -E "^FAIL|passed"
  for a in "--m 1000 --n 1000 --k 1000" "--m 1000 --n 1000 --k 1000 --a-layout col --b-layout col" "--m 1000 --n 1000 --k 1000 --a-layout col" \
           "--m 1000 --n 1000 --k 1000 --b-layout col --dtype bf16" "--m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col" \
           "--m 2100 --n 2056 --k 1032 --multicast on" "--m 24 --n 1032 --k 1032" "--m 16 --n 4096 --k 4096" "--m 128 --n 4096 --k 4096"; do
    log "sw $sw $a"; $M verify gemm $a --swizzle $sw --alpha 1.5 --beta -0.5 --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done
  log "memcheck sw $sw"; compute-sanitizer --tool memcheck $M verify gemm --m 1000 --n 1000 --k 1000 --swizzle $sw --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q | cut -c1-150
done
for a in "--m 4096 --n 4096 --k 4096" "--m 16 --n 4096 --k 4096" "--m 128 --n 4096 --k 4096" "--m 128 --n 6144 --k 4096" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col"; do
  for sw in 128 64 32; do log "bench $a --swizzle $sw"; $M bench gemm $a --swizzle $sw --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q; done; done
log "bench 4096^3 plan 2"; $M bench gemm --m 4096 --n 4096 --k 4096 --plan 2 --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q
