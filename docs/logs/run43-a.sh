#!/usr/bin/env bash
# Run 43-a (prepared in run 42, not run yet): a reading of run 42's final defaults
# (`mosaic-42c`: PDL on, the M = 128 split-K 2 rule, `verify --back-to-back`; built from
# 5278fb7's code at the end of run 42, or `cargo build --release && cp target/release/mosaic
# .carry-rt/mosaic-42c`)
# on whatever GPU comes (an H200 has no reading of them): the LLM suite (f16, bf16), the
# decode criterion's defaults (39-g's 25 + 25 shapes), 4096^3 f16 with 100 samples; then
# the mid-M shapes far below cuBLAS in 42-b and 42-d, the default against the next ranked
# plans and stream-K, and what cuBLAS launches there (ncu). Run 43 added the tf32 suite
# (column-major B, as in earlier runs) and the ncu step. First the PDL hazard checks (new in run 42, not yet run on a GPU):
# the runtime selftest (`.carry-rt/selftest-42`: `cargo build --release --example selftest
# -p mosaic-runtime`; its naive kernel launched back to back as a programmatic dependent
# must pass with `griddepcontrol.wait` and FAIL without) and `verify --back-to-back` of
# default kernels (decode, split-K, 8-CTA block, persistent, stream-K, bf16).
#   OUT=... bash docs/logs/run43-a.sh; python3 docs/logs/run42-sum.py LOG
. "$(dirname "$0")/run43-lib.sh"
B=mosaic-42c
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "selftest"; timeout 200 ./.carry-rt/selftest-42 2>&1 | grep -E "pdl|planted|selftest:|BAD" | cut -c1-220
for a in "--m 128 --n 2048 --k 1024" "--m 128 --n 2304 --k 1024" "--m 16 --n 4096 --k 4096" "--m 4096 --n 4096 --k 4096" \
         "--m 1000 --n 1000 --k 1000 --stream-k on" "--m 300 --n 2000 --k 1000 --dtype bf16" "--m 97 --n 3001 --k 2999"; do
  log "verify --back-to-back $a"; timeout 120 ./.carry-rt/$B verify gemm $a --target $T --back-to-back 2>&1 | tail -2 | cut -c1-220
done
suites $B
criterion $B
log "4096^3 f16, 100 samples"
timeout 120 ./.carry-rt/$B bench gemm --m 4096 --n 4096 --k 4096 --target $T --samples 100 2>&1 | grep "ratio"
for s in "944 2104 3120" "656 1592 5584" "1544 6048 7976" "848 1544 3520" "2499 8592 296" "6704 488 9000"; do
  set -- $s
  av $B "-|--plan 2|--plan 3|--plan 4|--stream-k on" --m $1 --n $2 --k $3
done
# What cuBLAS launches at those mid-M shapes (kernel name = its tile, cluster, split), and ours.
cp ./.carry-rt/$B ./.carry-rt/mosaic
for s in "944 2104 3120" "656 1592 5584" "1544 6048 7976" "848 1544 3520" "2499 8592 296" "6704 488 9000"; do
  set -- $s; OUT=/tmp kn --m $1 --n $2 --k $3
done
