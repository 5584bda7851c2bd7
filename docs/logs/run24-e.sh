#!/usr/bin/env bash
# Run 24-e: per-warp TMA-store boxes (run24-hack-warpbox.patch, `MOSAIC_HACK_WARP_BOX=1`):
# each warp stages and stores its own 16 rows of a box (32 x 16 f32, 2 KiB: cuBLAS's f32-C
# box at 4096^3, run 23-b) after `bar.warp.sync`, against the default's 64-row boxes after
# two warpgroup barriers. Run 13-l measured per-warp boxes 0.3% slower, before the epilogue
# overlap. Verify, memcheck, then interleaved paired rounds.
#   OUT=... bash docs/logs/run24-e.sh
. "$(dirname "$0")/run24-lib.sh"
W="env MOSAIC_HACK_WARP_BOX=1"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
wv() { log "verify (warp boxes) $*"; $W $M verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
wb() { log "bench (warp boxes) --samples $1 ${*:2}"; $W $MB bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | sed -E 's/ \[([0-9]+) samples x ([0-9]+) launches of ([0-9]+) CTAs.*/ [\3 CTAs]/' | cut -c1-260; }
wv --m 4096 --n 4096 --k 4096
wv --m 4096 --n 4096 --k 4096 --dtype bf16 --c-dtype bf16
wv --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
wv --m 3000 --n 2056 --k 1032
wv --m 2100 --n 2312 --k 3000 --dtype bf16 --b-layout col
wv --m 1000 --n 3000 --k 2000 --dtype f16 --c-dtype f16
wv --m 128 --n 6144 --k 4096
log "memcheck (warp boxes) --m 2100 --n 2312 --k 1000"; $W compute-sanitizer --tool memcheck $MB verify gemm --m 2100 --n 2312 --k 1000 --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200
for r in 1 2 3; do
  for d in f16 bf16; do
    if [ $r = 2 ]; then wb 50 --m 4096 --n 4096 --k 4096 --dtype $d; bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d
    else bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d; wb 50 --m 4096 --n 4096 --k 4096 --dtype $d; fi
  done
done
bpc 50 --m 4096 --n 4096 --k 4096 --c-dtype f16; wb 50 --m 4096 --n 4096 --k 4096 --c-dtype f16
bpc 20 --m 8192 --n 8192 --k 8192; wb 20 --m 8192 --n 8192 --k 8192
bpc 30 --m 4096 --n 4096 --k 14336; wb 30 --m 4096 --n 4096 --k 14336
bpc 30 --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col; wb 30 --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
e --m 4096 --n 4096 --k 4096
log "energy (warp boxes)"; export MOSAIC_HACK_WARP_BOX=1; e --m 4096 --n 4096 --k 4096; unset MOSAIC_HACK_WARP_BOX
