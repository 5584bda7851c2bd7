#!/usr/bin/env bash
# Run 9-b (H100): the decode shapes below 0.9 (128x4096x4096 here; 128x6144x4096 and
# 128x5120x13824 on the H200). cuBLAS's kernels for them (ncu launch stats), then candidate
# plans near cuBLAS's structure: 64x64 unsplit tiles with B multicast and a deep ring
# (cuBLAS ran `nvjet_sm90_hss_64x64_64x13_2x1` at 128x4096x4096 in run 6), against the
# defaults, f16.
#   OUT=... bash docs/logs/run9-b.sh
. "$(dirname "$0")/run9-lib.sh"
for s in "128 4096 4096" "128 6144 4096" "128 5120 13824"; do set -- $s
  log "cuBLAS kernels at ${1}x${2}x${3} f16"
  ncu --clock-control none --kernel-name regex:nvjet --launch-count 2 --section LaunchStats $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 2>&1 | grep -E "^  [a-zA-Z_].*\(|Grid Size|Cluster Size|Dynamic Shared|Registers Per"
done
for round in 1 2; do
  log "round $round"
  b --m 128 --n 4096 --k 4096
  b --m 128 --n 4096 --k 4096 --plan 9 --multicast on --stages 13
  b --m 128 --n 4096 --k 4096 --plan 9 --multicast on
  b --m 128 --n 4096 --k 4096 --plan 9 --multicast off --stages 13
  b --m 128 --n 4096 --k 4096 --plan 5 --stages 9
  b --m 128 --n 6144 --k 4096
  b --m 128 --n 6144 --k 4096 --plan 19 --multicast on
  b --m 128 --n 5120 --k 13824
  b --m 128 --n 5120 --k 13824 --plan 19 --multicast on
  b --m 128 --n 5120 --k 13824 --plan 19 --multicast on --stages 13
done
