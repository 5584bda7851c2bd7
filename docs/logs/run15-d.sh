#!/usr/bin/env bash
# Run 15-d (H100): one stage release per consumer warpgroup and CTA (CUTLASS's
# consumer_release) instead of one per warp. Correctness over every consumer variant, then
# the new binary against session 14's (`mosaic-14`), interleaved, three rounds.
#   OUT=... bash docs/logs/run15-d.sh
. "$(dirname "$0")/run15-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
suites_and "--m 4096 --n 4096 --k 4096" "--m 3000 --n 2056 --k 1032" "--m 128 --n 4096 --k 4096" "--m 16 --n 5120 --k 5120 --dtype bf16"
v --m 3000 --n 2056 --k 1032 --multicast off
v --m 3000 --n 2056 --k 1032 --pingpong on --plan 2
v --m 3000 --n 2056 --k 1032 --stream-k on
v --m 3000 --n 2056 --k 1032 --dtype tf32 --b-layout col --ratio 0.03
v --m 2048 --n 2048 --k 2048 --dtype tf32 --b-layout col --ratio 0.08
log "bmm"; $M verify bmm --batch 16 --m 1000 --n 1024 --k 1024 --dtype f16 --target $T 2>&1 | tail -1 | q | cut -c1-200
mc --m 3000 --n 2056 --k 1032
mc --m 3000 --n 2056 --k 1032 --pingpong on --plan 2
for round in 1 2 3; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype bf16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" \
           "--m 4096 --n 4096 --k 1024 --dtype f16" "--m 128 --n 4096 --k 4096 --dtype f16" "--m 16 --n 5120 --k 5120 --dtype f16"; do
    bo $a
    b $a
  done
done
