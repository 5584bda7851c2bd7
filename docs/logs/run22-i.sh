#!/usr/bin/env bash
# Run 22-i: the TMA-store epilogue with one barrier per box instead of two (two buffers: the
# leader waits for every earlier box to be read before the barrier that follows the box's
# writes, so the next box can go into the other buffer at once). Verify (odd-box persistent
# kernels with a 16-bit C, ragged shapes, the suites), memcheck, then interleaved rounds
# against the run-21 build (df2e2bb: two barriers per box).
#   OUT=... bash docs/logs/run22-i.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for p in 3 8; do v --m 4096 --n 4096 --k 4096 --dtype bf16 --c-dtype bf16 --plan $p; done
v --m 2100 --n 2312 --k 3000 --dtype f16
v --m 3000 --n 2056 --k 1032 --dtype bf16 --c-dtype bf16
v --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
mc --m 2100 --n 2112 --k 1000 --dtype bf16 --c-dtype bf16 --plan 8
mc --m 2100 --n 2312 --k 3000 --dtype f16
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
log "suite f16 --c-dtype f16"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --c-dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200
for r in 1 2 3; do
  for d in f16 bf16; do
    S="--m 4096 --n 4096 --k 4096 --dtype $d"
    if [ $r = 2 ]; then bp 100 $S; bpb 100 $S; else bpb 100 $S; bp 100 $S; fi
  done
done
for d in f16 bf16; do bpb 100 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d; bp 100 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d; done
bpb 100 --m 4096 --n 4096 --k 1024; bp 100 --m 4096 --n 4096 --k 1024
bpb 30 --m 8192 --n 8192 --k 8192; bp 30 --m 8192 --n 8192 --k 8192
