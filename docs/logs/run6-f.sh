#!/usr/bin/env bash
# Run 6: deep pipelines on decode shapes (--stages now lowers CTAs/SM to make room), and
# which cuBLAS kernels run there.  OUT=... bash docs/logs/run6-f.sh
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/ (f16|bf16|f32)\*.*RR? ?[RC]* a=/ a=/; s/\[20 samples.*//; s/seed.*vs cuBLAS rel/cuBLAS rel/'; }
$M verify gemm --m 128 --n 4096 --k 4096 --target $T --stages 8 --alpha 1.5 --beta -0.5 2>&1 | grep -E "^(ok|FAIL)" | q
$M verify gemm --m 16 --n 5120 --k 5120 --target $T --stages 8 --plan 2 2>&1 | grep -E "^(ok|FAIL)" | q
for s in "128 4096 4096" "16 4096 4096" "16 5120 5120" "128 5120 5120" "16 6144 4096" "128 6144 4096" "16 4096 14336"; do set -- $s
  for p in 1 2 3; do for st in 4 6 8; do
    echo "## $1x$2x$3 plan $p stages $st"; $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 --plan $p --stages $st 2>&1 | grep "ratio [0-9]" | q
  done; done
done
for s in "128 4096 4096" "16 4096 4096"; do set -- $s
ncu --clock-control none --launch-skip 6 --launch-count 2 --section LaunchStats $M bench gemm --m $1 --n $2 --k $3 --target $T --samples 20 2>&1 | grep -E "^  [a-zA-Z_].*\(|Grid Size|Cluster Size|Dynamic Shared|Registers Per"
done
