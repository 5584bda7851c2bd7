#!/usr/bin/env bash
# Run 19-a: board energy per GEMM, power and SM clock of mosaic and cuBLAS in sustained
# runs (NVML, `mosaic bench --energy 2`: 3 rounds of 2 s each, alternating), at the
# power-bound 4096^3 (three dtypes, and f16 under the knobs that change the main loop or
# the traffic), against shapes that are not power-bound.
#   OUT=... bash docs/logs/run19-a.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
e --m 4096 --n 4096 --k 4096 --dtype f16
e --m 4096 --n 4096 --k 4096 --dtype bf16
e --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
e --m 4096 --n 4096 --k 1024 --dtype f16
e --m 8192 --n 8192 --k 8192 --dtype f16
for knob in "--epilogue-overlap 2x128" "--cluster-order off" "--multicast off" "--stages 3"; do
  e --m 4096 --n 4096 --k 4096 --dtype f16 $knob
done
e --m 4096 --n 4096 --k 4096 --dtype f16
