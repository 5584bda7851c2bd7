#!/usr/bin/env bash
# Run 20-e: the epilogue overlap up to 64 k-tiles. 20-d found `--epilogue-overlap 2x128` at
# 4096^3 ahead of the default on every metric (three f16 rounds, one bf16). `mosaic-ov64` =
# this build with docs/logs/run20-hack-ov64.patch (AUTO_OVERLAP_MAX_KT 32 -> 64). Among the
# LLM suite's f16/bf16/tf32 kernels that changes only 4096^3 and 4096x6144x4096 (f16, bf16);
# of a few squares, 6144^2 x 4096. Verify, then sustained and timed, two rounds.
#   OUT=... bash docs/logs/run20-e.sh
. "$(dirname "$0")/run19-lib.sh"
E_SECS=1.5
O=./.carry-rt/mosaic-ov64
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 6144 --k 4096 --dtype bf16" "--m 6144 --n 6144 --k 4096 --dtype f16 --alpha 1.5 --beta 0"; do
  log "verify ($O) $a"; timeout 60 $O verify gemm $a --target $T 2>&1 | tail -1 | q | cut -c1-200
done
for r in 1 2; do
  for a in "--m 4096 --n 6144 --k 4096 --dtype f16" "--m 4096 --n 6144 --k 4096 --dtype bf16" "--m 6144 --n 6144 --k 4096 --dtype f16"; do
    e $a
    MB=$O e $a
  done
done
for d in f16 bf16; do
  e --m 4096 --n 4096 --k 4096 --dtype $d
  MB=$O e --m 4096 --n 4096 --k 4096 --dtype $d
done
