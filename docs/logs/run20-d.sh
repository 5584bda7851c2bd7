#!/usr/bin/env bash
# Run 20-d (an H200; the call got another card than 20-c's): with the unbiased schedule, do the two 4096^3 knobs that run
# 19-b saw closer to cuBLAS's joules per GEMM hold up? `mosaic-l2p` = this build with
# docs/logs/run18-hack-l2p.patch run as MOSAIC_HACK_L2P=128 (128-byte L2 promotion on every
# tensor map; the default is 256 bytes where the pitch allows); `--epilogue-overlap 2x128`
# (the default stops at 32 k-tiles). Three interleaved rounds for f16, one for bf16.
#   OUT=... bash docs/logs/run20-d.sh
. "$(dirname "$0")/run19-lib.sh"
L=./.carry-rt/mosaic-l2p
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 f16 f16 bf16; do
  e --m 4096 --n 4096 --k 4096 --dtype $d
  MOSAIC_HACK_L2P=128 MB=$L e --m 4096 --n 4096 --k 4096 --dtype $d
  e --m 4096 --n 4096 --k 4096 --dtype $d --epilogue-overlap 2x128
done
