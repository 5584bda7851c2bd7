#!/usr/bin/env bash
# Run 29-f (H100): 16-bit C on transposed tiles 160 wide, staged 32 kernel columns at a time
# (64 x 32 boxes, two `stmatrix.trans` a warp; .carry-rt/mosaic) against direct stores
# (`--tma-store off`, the kernels of 8647f69) on the same plans. Correctness first.
#   OUT=... bash docs/logs/run29-f.sh
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4861 --n 1000 --k 4480 --dtype bf16 --c-dtype bf16
v --m 4861 --n 1000 --k 4480 --c-dtype f16 --alpha 1.5
v --m 5464 --n 1296 --k 6224 --c-dtype f16
v --m 8805 --n 1584 --k 408 --dtype bf16 --c-dtype bf16
v --m 1657 --n 5928 --k 456 --c-dtype f16
mc --m 1657 --n 5928 --k 456 --c-dtype f16
S="-|--tma-store off"
av mosaic "$S" --m 4864 --n 1024 --k 4480 --c-dtype f16
av mosaic "$S" --m 4864 --n 1024 --k 4480 --dtype bf16 --c-dtype bf16
av mosaic "$S" --m 5464 --n 1296 --k 6224 --c-dtype f16
av mosaic "$S" --m 8805 --n 1584 --k 408 --dtype bf16 --c-dtype bf16
av mosaic "$S" --m 1656 --n 5928 --k 456 --c-dtype f16
av mosaic "$S" --m 7136 --n 3264 --k 5832 --c-dtype f16
av mosaic "$S" --m 5040 --n 6008 --k 512 --c-dtype f16
av mosaic "$S" --m 2952 --n 3472 --k 6712 --dtype bf16 --c-dtype bf16
