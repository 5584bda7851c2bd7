#!/usr/bin/env bash
# Run 39-i (H200): the epilogue at M = 128 (39-h: mosaic's kernels stall on barriers 6-12x
# as often as cuBLAS's, and the transposed kernels store C by per-thread global stores).
# The final build (`mosaic-39f`), its default against the other epilogue: staged TMA stores
# (`--tma-store on`) for the transposed defaults (`half_rows` blocks, 64x128 / 64x64 lone
# grids), direct stores (`--tma-store off`) for the untransposed ones; and the two-consumer
# transposed 128x64 kernel of 39-d/39-h with each epilogue.
#   OUT=... bash docs/logs/run39-i.sh; python3 docs/logs/run39-vs.py LOG   (BASE=mosaic-39f)
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "3272 1512 --dtype bf16" "3112 3424" "2160 1312 --dtype bf16" "2800 1168" "7184 1488 --b-layout col" "7704 8496" "3504 1528" "2992 1368" "6344 2192"; do
  set -- $s; n=$1; k=$2; shift 2
  av mosaic-39f "-|--tma-store on" --m 128 --n $n --k $k "$@"
done
for s in "1656 1080" "5264 1080" "8840 2904" "3824 5096" "6464 2920" "3776 1352" "4432 1272"; do
  set -- $s
  av mosaic-39f "-|--tma-store off" --m 128 --n $1 --k $2
done
vs "mosaic-39f:-|mosaic-t64:--plan 3 --multicast ab4x2 --stages 8|mosaic-t64:--plan 3 --multicast ab4x2 --stages 8 --tma-store on" --m 128 --n 6464 --k 2920
