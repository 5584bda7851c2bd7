#!/usr/bin/env bash
# Run 21-b: tf32 under the power cap. In 21-a (H100) mosaic's tf32 kernels ran at a 2%
# lower clock than cuBLAS's at the same 698 W (1419 vs 1450 MHz at 4096^3), so they spend
# more energy per cycle; 10-d found them 1.2% ahead in cycles. Which option moves the
# joules: B multicast off, the launch-order cluster table off, 3 stages, the 256x128 plan
# (plan 2), raster groups of 16. Two rounds at 4096^3, one at 4096x4096x14336.
#   OUT=... bash docs/logs/run21-b.sh
. "$(dirname "$0")/run21-lib.sh"
E_SECS=1.5
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
S="--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col"
VS=(- "--multicast off" "--cluster-order off" "--stages 3" "--plan 2" "--raster-group 16")
for x in "${VS[@]:1}"; do v $S $x; done
ab_rounds 2 "$S" "${VS[@]}"
ab_rounds 1 "--m 4096 --n 4096 --k 14336 --dtype tf32 --b-layout col" "${VS[@]}"
