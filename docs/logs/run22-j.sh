#!/usr/bin/env bash
# Run 22-j: the tensor maps' L2 promotion at decode shapes, where 22-g found mosaic's
# row-major-B kernel drawing DRAM at 66% of peak against cuBLAS's 71%. Diagnostic build
# `mosaic-hack` = this build plus docs/logs/run21-hack-env.patch (MOSAIC_HACK_L2P = none,
# 64, 128 on every map; unset: 256 where the pitch allows, as built). Two rounds.
#   OUT=... bash docs/logs/run22-j.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
H=./.carry-rt/mosaic-hack
hb() { log "bench L2P=${L2P:-default} --samples $1 ${*:2}"; MOSAIC_HACK_L2P=$L2P timeout 150 $H bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
for r in 1 2; do
  for s in "128 6144 4096 f16" "128 6144 4096 bf16" "128 5120 5120 f16" "16 6144 4096 f16"; do
    read -r sm sn sk d <<< "$s"
    for L2P in "" 128 64 none; do hb 50 --m $sm --n $sn --k $sk --dtype $d; done
  done
done
