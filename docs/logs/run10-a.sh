#!/usr/bin/env bash
# Run 10-a (H100): the launch order's group of tile rows (`--raster-group`, default 8) at
# 4096^3 and 8192^3: DRAM bytes read (ncu) for mosaic and cuBLAS, then two interleaved rounds
# of timings; and tf32 128x6144x4096 split-K 2 of 128x128 (plan 4; 0.97 against the
# default's 0.89 on the H200, run 9-m) on the H100.
#   OUT=... bash docs/logs/run10-a.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
MET=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct
for g in 2 4 8 16; do
  log "ncu 4096^3 f16 --raster-group $g (mosaic, then cuBLAS)"
  ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet' --launch-skip 6 --launch-count 2 --metrics $MET $M bench gemm --m 4096 --n 4096 --k 4096 --raster-group $g --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]" | cut -c1-100
done
for round in 1 2; do
  log "round $round"
  for g in 1 2 4 8 16; do b --m 4096 --n 4096 --k 4096 --raster-group $g; done
  for g in 2 4 8 16; do b --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col --raster-group $g; done
  for g in 4 8 16 32; do b --m 8192 --n 8192 --k 8192 --raster-group $g; done
  for p in 1 4; do b --m 128 --n 6144 --k 4096 --dtype tf32 --b-layout col --plan $p; done
done
