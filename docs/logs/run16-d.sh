#!/usr/bin/env bash
# Run 16-d (H100): 16-c's probe again, with the whole CTA late. 16-c delayed only the
# consumers, so the producer's first stages were already full when they started. Here the
# diagnostic build (`./.carry-rt/mosaic-hack`, commit 003a97b plus
# docs/logs/run16-hack-delay.patch, both hunks) starts every warp of every other cluster
# MOSAIC_HACK_DELAY_ALL ns late, before the warpgroups split. Two rounds, interleaved.
#   OUT=... bash docs/logs/run16-d.sh
. "$(dirname "$0")/run16-lib.sh"
H="timeout 150 ./.carry-rt/mosaic-hack"
hb() { local var=$1 d=$2; shift 2; log "bench ($var=$d) $*"; env $var=$d $H bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16"; do
    b $a
    hb MOSAIC_HACK_DELAY 3200 $a
    for d in 0 1600 3200 6400; do hb MOSAIC_HACK_DELAY_ALL $d $a; done
  done
done
b --m 8192 --n 8192 --k 8192 --dtype f16
hb MOSAIC_HACK_DELAY_ALL 3200 --m 8192 --n 8192 --k 8192 --dtype f16
b --m 8192 --n 8192 --k 8192 --dtype f16
