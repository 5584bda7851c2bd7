#!/usr/bin/env bash
# Run 15-a (H100): the TMA-store epilogue staged at once in borrowed stages. Correctness
# Ran on a build of 8d49367 with docs/logs/run15-borrow-stages.patch applied (the change was
# measured slower and reverted; `--borrow-stages` exists only with the patch).
# (suites, ragged shapes, alpha/beta, multicast off, one-warpgroup plans, 2 CTAs/SM, batched,
# memcheck), then default against `--borrow-stages off` (the old epilogue, same binary),
# interleaved, two rounds.
#   OUT=... bash docs/logs/run15-a.sh
. "$(dirname "$0")/run15-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
suites_and "--m 4096 --n 4096 --k 4096" "--m 3000 --n 2056 --k 1032" "--m 3000 --n 2056 --k 1032 --dtype tf32 --b-layout col"
v --m 3000 --n 2056 --k 1032 --multicast off
v --m 3000 --n 2056 --k 1032 --stages 6
for pl in 2 3 5; do v --m 3000 --n 2056 --k 1032 --plan $pl; done
v --m 3000 --n 2056 --k 1032 --plan 2 --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col
v --m 4096 --n 4096 --k 128
log "bmm"; $M verify bmm --batch 16 --m 1000 --n 1024 --k 1024 --dtype f16 --target $T 2>&1 | tail -1 | q | cut -c1-200
mc --m 3000 --n 2056 --k 1032
mc --m 3000 --n 2056 --k 1032 --plan 2
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype bf16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" \
           "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16" "--m 4096 --n 28672 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 14336 --dtype f16"; do
    b $a --borrow-stages off
    b $a
  done
done
