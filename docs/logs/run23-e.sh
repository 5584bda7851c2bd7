#!/usr/bin/env bash
# Run 23-e: 80-column B tiles at N = 5120 (64x80 tiles, 128 CTAs at M = 128, where the
# default 128x64 grid has 80), with a row-major B (a 16-column tail box) and a column-major
# one. `mosaic-hack` is this run's build with run23-hack-wn80.patch: the planner offers
# 80-column tiles where 80 divides N when MOSAIC_WN80 is set. Correctness, then three
# interleaved rounds against the base build (d2d5eab) and the new default (d410ea1).
#   OUT=... bash docs/logs/run23-e.sh
. "$(dirname "$0")/run23-lib.sh"
H=./.carry-rt/mosaic-hack
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
hv() { log "verify (wn80) $*"; MOSAIC_WN80=1 timeout 150 $H verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
hb() { log "bench (wn80) --samples $1 ${*:2}"; MOSAIC_WN80=1 timeout 150 $H bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
MOSAIC_WN80=1 $H plans gemm --m 128 --n 5120 --k 5120 --target $T --top 1 | grep -E "cta|kernel"
for d in f16 bf16; do for bl in row col; do
  hv --m 128 --n 5120 --k 5120 --dtype $d --b-layout $bl
  hv --m 128 --n 5120 --k 13824 --dtype $d --b-layout $bl
  hv --m 100 --n 5040 --k 1000 --dtype $d --b-layout $bl --alpha 1.5 --beta -0.5
done; done
log "memcheck (wn80) 100x5040x1000 bf16 row"; MOSAIC_WN80=1 compute-sanitizer --tool memcheck $H verify gemm --m 100 --n 5040 --k 1000 --dtype bf16 --alpha 1.5 --beta -0.5 --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200
for r in 1 2 3; do
  for s in "--m 128 --n 5120 --k 5120 --dtype f16" "--m 128 --n 5120 --k 5120 --dtype f16 --b-layout col" \
           "--m 128 --n 5120 --k 13824 --dtype bf16" "--m 128 --n 5120 --k 13824 --dtype bf16 --b-layout col"; do
    bpb 100 $s; bp 100 $s; hb 100 $s
  done
done
