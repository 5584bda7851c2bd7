#!/usr/bin/env bash
# Run 23-f: 80-column tiles of a column-major (K-major) B, where 23-e found a gain at f16
# 128x5120x5120: tf32 (whose B is column-major in the suite) and f16 / bf16 again.
# `mosaic-hack` as in 23-e (MOSAIC_WN80 set: the planner offers 80-column tiles where 80
# divides N). Three interleaved rounds against the new default (d410ea1).
#   OUT=... bash docs/logs/run23-f.sh
. "$(dirname "$0")/run23-lib.sh"
H=./.carry-rt/mosaic-hack
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
hv() { log "verify (wn80) $*"; MOSAIC_WN80=1 timeout 150 $H verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
hb() { log "bench (wn80) --samples $1 ${*:2}"; MOSAIC_WN80=1 timeout 150 $H bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
hv --m 128 --n 5120 --k 5120 --dtype tf32 --b-layout col
hv --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col
hv --m 100 --n 5040 --k 1000 --dtype tf32 --b-layout col --alpha 1.5 --beta -0.5
for r in 1 2 3; do
  for s in "--m 128 --n 5120 --k 5120 --dtype tf32 --b-layout col" "--m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col" \
           "--m 128 --n 5120 --k 5120 --dtype bf16 --b-layout col" "--m 128 --n 5120 --k 5120 --dtype f16 --b-layout col"; do
    bp 100 $s; hb 100 $s
  done
done
