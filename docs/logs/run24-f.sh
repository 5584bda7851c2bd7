#!/usr/bin/env bash
# Run 24-f: wgmma issue order (run24-hack-k-inner.patch, `MOSAIC_HACK_K_INNER=1`): each
# accumulator chunk's four k-steps back to back, as cuBLAS's 4096^3 kernel issues them (run
# 15-b's SASS: two halves of 4 x HGMMA.64x128), against the default's k-step by k-step over
# the chunks. Changes the kernels with epilogue overlap (2 x 128-column chunks) or 128-row
# warpgroups. SASS check, verify, then interleaved paired rounds and sustained energy.
#   OUT=... bash docs/logs/run24-f.sh
. "$(dirname "$0")/run24-lib.sh"
W="env MOSAIC_HACK_K_INNER=1"
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for v in "" "$W"; do
  $v $MB compile gemm --m 4096 --n 4096 --k 4096 --target $T --emit cubin -o /tmp/k.cubin > /dev/null
  log "sass ${v:-default}: HGMMA, WARPGROUP.DEPBAR, WARPGROUP.ARRIVE"
  cuobjdump -sass /tmp/k.cubin | grep -cE "HGMMA"; cuobjdump -sass /tmp/k.cubin | grep -cE "WARPGROUP.DEPBAR"; cuobjdump -sass /tmp/k.cubin | grep -cE "WARPGROUP.ARRIVE"
done
kv() { log "verify (k inner) $*"; $W $M verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
kb() { log "bench (k inner) --samples $1 ${*:2}"; $W $MB bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | sed -E 's/ \[([0-9]+) samples x ([0-9]+) launches of ([0-9]+) CTAs.*/ [\3 CTAs]/' | cut -c1-260; }
kv --m 4096 --n 4096 --k 4096
kv --m 4096 --n 4096 --k 4096 --dtype bf16 --c-dtype bf16
kv --m 4096 --n 4096 --k 4096 --plan 2
kv --m 3000 --n 2056 --k 1032
kv --m 128 --n 5120 --k 5120
for r in 1 2 3; do
  for d in f16 bf16; do
    if [ $r = 2 ]; then kb 50 --m 4096 --n 4096 --k 4096 --dtype $d; bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d
    else bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d; kb 50 --m 4096 --n 4096 --k 4096 --dtype $d; fi
  done
done
bpc 50 --m 4096 --n 4096 --k 4096 --c-dtype f16; kb 50 --m 4096 --n 4096 --k 4096 --c-dtype f16
bpc 30 --m 4096 --n 6144 --k 4096; kb 30 --m 4096 --n 6144 --k 4096
bpc 30 --m 4096 --n 4096 --k 1024; kb 30 --m 4096 --n 4096 --k 1024
e --m 4096 --n 4096 --k 4096
log "energy (k inner)"; export MOSAIC_HACK_K_INNER=1; e --m 4096 --n 4096 --k 4096; unset MOSAIC_HACK_K_INNER
e --m 4096 --n 4096 --k 4096
log "energy (k inner)"; export MOSAIC_HACK_K_INNER=1; e --m 4096 --n 4096 --k 4096; unset MOSAIC_HACK_K_INNER
