#!/usr/bin/env bash
# Run 8-b (H100): why stream-K lost in 8-a. ncu (DRAM bytes, L2 hit rate, duration) of
# 4096^3 f16 with and without stream-K, and of 16x5120x5120 (stream-K default, the same
# tiles without it, run 7's default), warp stalls of the stream-K decode kernel, and
# 2048^3 (operands fit in L2) with and without stream-K.
#   OUT=... bash docs/logs/run8-b.sh
. "$(dirname "$0")/run8-lib.sh"
MET=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed
n() { log "ncu $*"; ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --metrics $MET "$@" --target $T --samples 20 2>&1 | grep -E "^    [a-z]" ; }
n $M bench gemm --m 4096 --n 4096 --k 4096 --stream-k on
n $M bench gemm --m 4096 --n 4096 --k 4096 --stream-k off
n $M bench gemm --m 16 --n 5120 --k 5120
n $M bench gemm --m 16 --n 5120 --k 5120 --stream-k off
n $OLD bench gemm --m 16 --n 5120 --k 5120
log "ncu warp states, 16x5120x5120 stream-K"
ncu --clock-control none --kernel-name mosaic_gemm --launch-skip 3 --launch-count 1 --section WarpStateStats --section LaunchStats --section Occupancy $M bench gemm --m 16 --n 5120 --k 5120 --target $T --samples 20 2>&1 | grep -E "Stall|stall|Warp Cycles|Grid Size|Block Limit|Achieved|Theoretical Occ|Registers" | head -40
b --m 2048 --n 2048 --k 2048 --plan 2
b --m 2048 --n 2048 --k 2048 --plan 2 --stream-k on
b --m 16 --n 5120 --k 5120 --stream-k off
