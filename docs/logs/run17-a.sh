#!/usr/bin/env bash
# Run 17-a (H100): the next tile's first k-tiles issued during the TMA-store epilogue
# (`--epilogue-overlap KxCOLS`): correctness first, then 4096^3 and neighbours against the
# default, two interleaved rounds.
#   OUT=... bash docs/logs/run17-a.sh
. "$(dirname "$0")/run17-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
O="--epilogue-overlap"
v --m 4096 --n 4096 --k 4096 $O 1x128
v --m 4096 --n 4096 --k 4096 $O 1x64
v --m 4096 --n 4096 --k 4096 $O 2x128
v --m 3000 --n 2056 --k 1032 $O 1x128
v --m 3000 --n 2056 --k 1032 $O 1x128 --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col $O 1x64
v --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col $O 1x128
for r in 1 2; do
  for o in off 1x128 2x128 1x64 2x64; do b --m 4096 --n 4096 --k 4096 $O $o; done
  for o in off 1x128 2x128; do b --m 4096 --n 4096 --k 1024 $O $o; done
done
for o in off 1x128; do b --m 4096 --n 4096 --k 4096 --dtype bf16 $O $o; b --m 8192 --n 8192 --k 8192 $O $o; done
