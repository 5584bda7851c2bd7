#!/usr/bin/env bash
# Run 7-a: the TMA-store epilogue. Correctness (suites, ragged shapes through both epilogue
# paths, memcheck on a ragged TMA-store kernel), the on/off ablation at 4096^3 and 8192^3,
# the LLM suites, and an ncu look at a decode shape (ours and cuBLAS's).
#   OUT=... bash docs/logs/run7-a.sh   (repo root, binary carried in .carry-rt/)
. "$(dirname "$0")/run7-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for a in "--m 999 --n 1004 --k 1000 --tma-store on" "--m 999 --n 1004 --k 1000 --tma-store on --a-layout col --b-layout col" \
         "--m 1000 --n 1002 --k 1000 --b-layout col" "--m 3000 --n 2056 --k 1032 --persistent on" \
         "--m 2100 --n 2056 --k 1032 --multicast on" "--m 2100 --n 2052 --k 1032 --dtype tf32 --b-layout col" \
         "--m 16 --n 4096 --k 4096" "--m 128 --n 4096 --k 14336 --plan 4" "--m 4096 --n 4096 --k 4096"; do
  for ab in "" "--alpha 1.5 --beta -0.5"; do
    log "$a $ab"; $M verify gemm $a $ab --target $T 2>&1 | grep -E "^(ok|FAIL)|rror" | q | cut -c1-150; done; done
log memcheck; compute-sanitizer --tool memcheck $M verify gemm --m 999 --n 1004 --k 1000 --target $T --tma-store on 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
compute-sanitizer --tool memcheck $M verify gemm --m 3000 --n 2056 --k 1032 --persistent on --target $T 2>&1 | grep -E "ERROR SUMMARY|^(ok|FAIL)" | q
for a in "--m 4096 --n 4096 --k 4096" "--m 8192 --n 8192 --k 8192" "--m 4096 --n 28672 --k 4096"; do
  for s in on off; do log "bench $a --tma-store $s"; $M bench gemm $a --tma-store $s --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q; done; done
for d in f16 bf16 "tf32 --b-layout col"; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
  log "llm $d"; grep -E "^\|" "$OUT/llm-${d%% *}.txt" | cut -d'|' -f3,7,8 | tr '\n' ';'; echo; grep geometric "$OUT/llm-${d%% *}.txt"
done
ncu --clock-control none --launch-skip 4 --launch-count 2 --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats $M bench gemm --m 16 --n 5120 --k 5120 --target $T --samples 20 > $OUT/ncu-16x5120.txt 2>&1
grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Grid Size|Cluster Size|Waves|Achieved Occ|Registers Per|Dynamic Shared" $OUT/ncu-16x5120.txt
# Decode shapes: ring depth of the first two plans (an explicit --stages leaves room by
# lowering CTAs/SM; the default gives grids of at most one CTA per SM LONE_STAGES = 6).
for s in "16 4096 4096" "16 5120 5120" "16 6144 4096" "128 6144 4096" "128 5120 5120"; do set -- $s
  for p in 1 2; do for st in default 8 10 12; do
    x=""; [ $st != default ] && x="--stages $st"
    log "$1x$2x$3 plan $p stages $st"; $M bench gemm --m $1 --n $2 --k $3 --plan $p $x --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
  done; done; done
