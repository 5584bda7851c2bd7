#!/usr/bin/env bash
# Run 39-c (H200): M = 128 rows where 39-b's sweep read mosaic below 0.9 of cuBLAS (14 of
# 25). (1) cuBLAS's kernel at seven of them (ncu launch statistics: name = tile, stages,
# cluster; grid; registers), mosaic's beside it (`mosaic-l16`); (2) the default against an
# 8-CTA block (`--multicast ab2x4`, cuBLAS's cluster at 128x2912x1224, 38-b), no multicast,
# and the second and third ranked plans.
#   OUT=... bash docs/logs/run39-c.sh; python3 docs/logs/run38-av2.py LOG docs/logs/run39-c.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
kb() {
  log "ncu launch stats $*"
  local f=$OUT/ncu-$(echo "$*" | tr -d ' -' | cut -c1-40).txt
  timeout 120 $NCU --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90_' --launch-skip 2 --launch-count 2 \
    --section LaunchStats --section SpeedOfLight ./.carry-rt/mosaic-l16 bench gemm "$@" --target $T --samples 20 > $f 2>&1
  grep -E "^  [a-z_]+.*\(|Duration|Grid Size|Cluster Size|Registers Per|Dynamic Shared|L2 Cache Throughput|DRAM Throughput|Compute \(SM\)" $f | sed -E 's/ +/ /g' | cut -c1-200
}
W="3776 1352|2960 1648|6464 2920|3288 4896|4952 1600|8496 7744|6344 2192"
IFS='|' read -ra ws <<< "$W"
for s in "${ws[@]}"; do set -- $s; kb --m 128 --n $1 --k $2; done
S="-|--multicast ab2x4|--multicast off|--plan 2|--plan 3"
for s in "${ws[@]}"; do set -- $s; av mosaic-l16 "$S" --m 128 --n $1 --k $2; done
