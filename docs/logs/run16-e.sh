#!/usr/bin/env bash
# Run 16-e (H100): does an offset between a CTA's two consumer warpgroups persist, so that
# one's epilogue runs beside the other's main loop? The diagnostic build
# (`./.carry-rt/mosaic-hack`, commit 003a97b plus docs/logs/run16-hack-wg1.patch) starts
# consumer warpgroup 1 of every CTA MOSAIC_HACK_DELAY_WG1 ns late. Two rounds, interleaved.
#   OUT=... bash docs/logs/run16-e.sh
. "$(dirname "$0")/run16-lib.sh"
H="timeout 150 ./.carry-rt/mosaic-hack"
hb() { local var=$1 d=$2; shift 2; log "bench ($var=$d) $*"; env $var=$d $H bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16"; do
    b $a
    for d in 0 700 1500 3000; do hb MOSAIC_HACK_DELAY_WG1 $d $a; done
  done
done
b --m 8192 --n 8192 --k 8192 --dtype f16
hb MOSAIC_HACK_DELAY_WG1 1500 --m 8192 --n 8192 --k 8192 --dtype f16
