#!/usr/bin/env bash
# Run 18-e (H100): the GPC-major cluster order as built (`--cluster-order auto`, the runtime
# probes this GPU's placement and fills the kernel's table): the order it finds, verify
# (4096^3 x3 dtypes, 8192^3, ragged multicast shapes, the three verify suites), memcheck, the
# L2 request-coalescer merges against `--cluster-order off`, and time, two rounds.
#   OUT=... bash docs/logs/run18-e.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
S="--m 4096 --n 4096 --k 4096"
log "verify $S (with the order)"; $M verify gemm $S --target $T 2>&1 | grep -E "cluster order|passed|FAIL" | cut -c1-400
v $S --dtype bf16
v $S --dtype tf32 --b-layout col
v --m 8192 --n 8192 --k 8192
v --m 2100 --n 2056 --k 1032 --alpha 1.5 --beta -0.5
v --m 2100 --n 2056 --k 1032 --a-layout col --b-layout col
v --m 4096 --n 4096 --k 4096 --raster-group 3
suites_and "--m 3000 --n 2056 --k 1032"
mc --m 2100 --n 2056 --k 1032
MET=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lrc__lrc2xbar_sectors_op_read.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,lts__t_sectors_srcunit_ltcfabric.sum,dram__bytes_read.sum
for a in "--cluster-order auto" "--cluster-order off"; do
  log "ncu 4096^3 f16 $a"
  ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET $MB bench gemm $S $a --target $T --samples 20 2>&1 | grep -E "^    [a-z]|==ERR|rror" | cut -c1-130
done
for round in 1 2; do
  for s in "$S --dtype f16" "$S --dtype bf16" "$S --dtype tf32 --b-layout col" "--m 8192 --n 8192 --k 8192" "--m 4096 --n 4096 --k 2048" "--m 6144 --n 6144 --k 6144"; do
    for a in auto off; do b $s --cluster-order $a; done
  done
done
for a in auto off; do
  $M bench gemm --m 1 --n 1 --k 1 --suite llm --dtype f16 --cluster-order $a --target $T --samples 20 > $OUT/llm-f16-$a.txt 2>&1
  log "llm f16 --cluster-order $a"; grep -E "^\|" $OUT/llm-f16-$a.txt | cut -d'|' -f3,7 | tr '\n' ';'; echo; grep geometric $OUT/llm-f16-$a.txt
done
