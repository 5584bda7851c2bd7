#!/usr/bin/env bash
# Run 15-i (H100, PTX JIT-compiled from sm_80/sm_86/sm_89): warp boxes of 128 accumulator
# registers left out where B's pitch is not a multiple of 16 bytes. The 9 changed defaults
# and the two spilling kernels of the local ptxas sweep, verified; then old (`mosaic-head`,
# commit 9940743) against new, two rounds.
#   OUT=... bash docs/logs/run15-i.sh
# Ran with that first rule; the kept rule (4 bytes) builds the same s8 kernels and the old
# f16 / f16acc ones (log hopper-run15-i-try1.txt).
. "$(dirname "$0")/run15-lib.sh"
OLD=./.carry-rt/mosaic-head
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
vt() { local t=$1; shift; log "verify $t $*"; $M verify gemm "$@" --target $t 2>&1 | tail -1 | q | cut -c1-200; }
for t in sm_80 sm_86; do for d in f16 bf16 s8; do vt $t --m 1000 --n 1002 --k 512 --dtype $d; done; done
vt sm_80 --m 1000 --n 1002 --k 512 --dtype tf32
vt sm_86 --m 1000 --n 1002 --k 512 --dtype f32
vt sm_89 --m 1000 --n 1002 --k 512 --dtype s8
vt sm_89 --m 4000 --n 4002 --k 4096 --dtype f16acc
vt sm_80 --m 4000 --n 4002 --k 4096 --dtype s8 --alpha 1.5 --beta -0.5
for round in 1 2; do
  for a in "sm_80 --m 1000 --n 1002 --k 512 --dtype f16" "sm_80 --m 1000 --n 1002 --k 512 --dtype s8" "sm_89 --m 4000 --n 4002 --k 4096 --dtype f16acc" "sm_80 --m 4000 --n 4002 --k 4096 --dtype s8"; do
    set -- $a; t=$1; shift
    log "bench old $t $*"; $OLD bench gemm "$@" --target $t --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
    log "bench new $t $*"; $M bench gemm "$@" --target $t --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-200
  done
done
