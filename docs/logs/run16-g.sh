#!/usr/bin/env bash
# Run 16-g (H100): can clusters out of phase be had for free? A diagnostic build
# (`./.carry-rt/mosaic-hack`, commit e076964 plus docs/logs/run16-hack-sk-lead.patch)
# gives CTAs 0..LEAD one more whole tile and splits the rest of the last wave's tiles over
# the other CTAs as stream-K ranges run FIRST, so those CTAs' whole tiles run out of phase
# with the leaders' (which start at once and stay on the critical path). Stream-K kernels
# have no B multicast. Verify, then two rounds.
#   OUT=... bash docs/logs/run16-g.sh
. "$(dirname "$0")/run16-lib.sh"
H="timeout 150 ./.carry-rt/mosaic-hack"
hv() { local d=$1; shift; log "verify (MOSAIC_HACK_SK_LEAD=$d) $*"; MOSAIC_HACK_SK_LEAD=$d $H verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-200; }
hb() { local d=$1; shift; log "bench (MOSAIC_HACK_SK_LEAD=$d) $*"; MOSAIC_HACK_SK_LEAD=$d $H bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
S="--stream-k on"
for d in 33 66 100; do hv $d --m 4096 --n 4096 --k 4096 $S; done
hv 66 --m 4096 --n 4096 --k 4096 $S --alpha 1.5 --beta -0.5
hv 20 --m 3000 --n 2056 --k 1032 $S
hv 66 --m 4096 --n 4096 --k 1024 $S
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16"; do
    b $a
    b $a --multicast off
    for d in 0 33 66 100; do hb $d $a $S; done
  done
done
