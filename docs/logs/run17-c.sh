#!/usr/bin/env bash
# Run 17-c (H100): `--epilogue-overlap auto` (2x128 where a tile has at most 32 k-tiles):
# the verify suites (now with 2000x2000x1000, which takes it), more overlap kernels, memcheck;
# auto against off at the shapes it changes, two rounds; and whether L2 fabric traffic moves
# the clock of the power-bound 4096^3 (ncu, clocks free, raster groups).
#   OUT=... bash docs/logs/run17-c.sh
. "$(dirname "$0")/run17-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
O="--epilogue-overlap"
suites_and "--m 2000 --n 2000 --k 1000" "--m 4096 --n 4096 --k 1024 --dtype bf16"
v --m 4096 --n 4096 --k 1024 --dtype tf32 --b-layout col
v --m 4096 --n 4096 --k 2048 --a-layout col --b-layout col
v --m 2000 --n 2000 --k 1000 --b-layout col $O 1x64
mc --m 2000 --n 2000 --k 1000
mc --m 4000 --n 4000 --k 1000 --alpha 1.5 --beta -0.5
for r in 1 2; do
  for s in "4096 4096 1024" "4096 4096 512" "2000 2000 1000" "8192 8192 1024" "4096 4096 2048"; do set -- $s
    for o in off auto; do b --m $1 --n $2 --k $3 $O $o; done
  done
  for o in off auto; do b --m 4096 --n 4096 --k 1024 --dtype tf32 --b-layout col $O $o; b --m 4096 --n 4096 --k 1024 --dtype bf16 $O $o; done
done
MET=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lts__t_bytes.sum,lts__t_sectors_srcunit_ltcfabric.sum,dram__bytes_read.sum
for a in "--raster-group 1" "--raster-group 2" "--raster-group 8" "--raster-group 32"; do
  log "ncu 4096^3 f16 mosaic $a"
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm --m 4096 --n 4096 --k 4096 $a --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
