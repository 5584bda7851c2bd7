#!/usr/bin/env bash
# Run 16-c (H100): are the epilogue's bulk stores slow because every CTA stores at once?
# A diagnostic build (`./.carry-rt/mosaic-hack`, commit 003a97b plus
# docs/logs/run16-hack-delay.patch (its first hunk)) starts the consumers of every other cluster
# MOSAIC_HACK_DELAY ns late (spinning on %globaltimer), so that their epilogues no longer
# coincide with the others'. If the stores were bound by the burst, the kernel would grow by
# less than the delay. Two rounds, interleaved.
#   OUT=... bash docs/logs/run16-c.sh
. "$(dirname "$0")/run16-lib.sh"
H="timeout 150 ./.carry-rt/mosaic-hack"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16"; do
    b $a
    for d in 0 800 1600 3200; do
      log "bench (delay $d ns) $a"; MOSAIC_HACK_DELAY=$d $H bench gemm $a --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220
    done
  done
done
