#!/usr/bin/env bash
# Run 24-g: 24-f's issue order (run24-hack-k-inner.patch, `MOSAIC_HACK_K_INNER=1`) on an
# H100: three sustained energy rounds at 4096^3 f16 and bf16 in alternating order, then timed
# paired rounds at shapes whose default kernels overlap the epilogue (persistent, at most 64
# k-tiles: two 128-column accumulator chunks), the only default kernels the order changes.
#   OUT=... bash docs/logs/run24-g.sh
. "$(dirname "$0")/run24-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
kb() { log "bench (k inner) --samples $1 ${*:2}"; env MOSAIC_HACK_K_INNER=1 $MB bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | sed -E 's/ \[([0-9]+) samples x ([0-9]+) launches of ([0-9]+) CTAs.*/ [\3 CTAs]/' | cut -c1-260; }
ke() { log "energy (k inner)"; export MOSAIC_HACK_K_INNER=1; e "$@"; unset MOSAIC_HACK_K_INNER; }
for r in 1 2 3; do
  for d in f16 bf16; do
    if [ $r = 2 ]; then ke --m 4096 --n 4096 --k 4096 --dtype $d; e --m 4096 --n 4096 --k 4096 --dtype $d
    else e --m 4096 --n 4096 --k 4096 --dtype $d; ke --m 4096 --n 4096 --k 4096 --dtype $d; fi
  done
done
for s in "4096 4096 4096" "4096 6144 4096" "6144 6144 4096" "4096 4096 2048" "4096 4096 1024"; do set -- $s
  bpc 30 --m $1 --n $2 --k $3; kb 30 --m $1 --n $2 --k $3
done
