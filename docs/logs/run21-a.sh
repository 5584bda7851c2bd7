#!/usr/bin/env bash
# Run 21-a: the epilogue overlap in whole-tile chunks. The default overlap (2x128) issues
# every wgmma of an overlap kernel as m64n128 (ptxas serializes wgmma whose in-flight
# accumulators change shape, C7511), so each warpgroup reads its A slice from shared memory
# twice per k16 step: 96 KiB of wgmma operand reads per 128x256x64 k-tile instead of 80 KiB.
# `KxCOLS` with COLS = 256 keeps m64n256 and issues the next tile's first K k-tiles once
# the whole tile is staged. 4096^3 f16: off, 2x128 (default), 2x256, 4x256. tf32 (B
# k-major) at 4096^3 and 4096x4096x14336: no overlap is the default there (128 and 448
# k-tiles of 32); 2x256 and 4x256 against it.
#   OUT=... bash docs/logs/run21-a.sh
. "$(dirname "$0")/run21-lib.sh"
E_SECS=1.5
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for a in "--dtype f16 --epilogue-overlap 2x256" "--dtype f16 --epilogue-overlap 4x256" "--dtype tf32 --b-layout col --epilogue-overlap 2x256"; do
  v --m 4096 --n 4096 --k 4096 $a
done
v --m 2100 --n 2312 --k 3000 --dtype f16 --epilogue-overlap 2x256
ab_rounds 2 "--m 4096 --n 4096 --k 4096 --dtype f16" "--epilogue-overlap off" - "--epilogue-overlap 2x256" "--epilogue-overlap 4x256"
ab_rounds 1 "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" - "--epilogue-overlap 2x256" "--epilogue-overlap 4x256"
ab_rounds 1 "--m 4096 --n 4096 --k 14336 --dtype tf32 --b-layout col" - "--epilogue-overlap 2x256"
