#!/usr/bin/env bash
# Programmatic dependent launch for warp-level (mma.sync, FFMA) kernels (mosaic-47a: `--pdl
# on` now builds them; the default stays off). At short k the mma.sync plans of 46-a/46-c ran
# with a 3 us larger fixed cost than the warpgroup plans, which launch with PDL.
#   OUT=... bash docs/logs/run47-b.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
V=./.carry-rt/mosaic-47a
for a in "--m 4542 --n 942 --k 443" "--m 6723 --n 596 --k 137 --plan 5" "--m 301 --n 517 --k 333 --dtype f32"; do
  log "verify --back-to-back --pdl on $a"
  timeout 120 $V verify gemm $a --target $T --pdl on --back-to-back 2>&1 | tail -2 | cut -c1-220
done
log "memcheck verify --pdl on --m 4542 --n 942 --k 443"
timeout 200 compute-sanitizer --tool memcheck $V verify gemm --m 4542 --n 942 --k 443 --target $T --pdl on 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | cut -c1-200
# mma.sync plans (their rank in mosaic-47a) with and without PDL.
for s in "5200 276 148 f16 1" "584 3338 136 f16 2" "6723 596 137 f16 5" "2568 1808 192 f16 19" \
         "3784 1488 192 f16 24" "4542 942 443 f16 1" "6576 560 146 bf16 9" "4144 568 131 bf16 5"; do
  set -- $s
  vs "mosaic-47a:--plan $5|mosaic-47a:--plan $5 --pdl on" --m $1 --n $2 --k $3 --dtype $4
done
# FFMA (f32) and a long-k mma.sync plan.
vs "mosaic-47a:-|mosaic-47a:--pdl on" --m 1024 --n 1024 --k 1024 --dtype f32
vs "mosaic-47a:--plan 24|mosaic-47a:--plan 24 --pdl on" --m 8192 --n 8192 --k 256
