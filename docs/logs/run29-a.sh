#!/usr/bin/env bash
# Run 29-a (H100): transposed plans with a TMA-store epilogue (C^T staged in transposed
# 128B-swizzled boxes; .carry-rt/mosaic) against the same kernels with direct stores
# (`--tma-store off`, byte-identical to the base build's, 7efabd9). Correctness first
# (verify at ragged shapes, f32 and 16-bit C, alpha/beta, memcheck, the verify suites), then
# 30 paired samples per variant, order rotated; where a plain plan is named, it is timed too.
#   OUT=... bash docs/logs/run29-a.sh
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4861 --n 1000 --k 4480
v --m 4861 --n 1000 --k 4480 --dtype bf16 --alpha 1.5
v --m 4861 --n 1000 --k 4480 --alpha 1.5 --beta -0.5
v --m 1657 --n 5928 --k 456
v --m 121 --n 5000 --k 1000
v --m 121 --n 5000 --k 1000 --c-dtype f16
v --m 128 --n 5000 --k 1000 --dtype bf16 --c-dtype bf16
v --m 128 --n 5120 --k 5120 --c-dtype f16
v --m 4864 --n 1024 --k 4480 --dtype tf32 --b-layout col
v --m 4096 --n 4096 --k 4096 --plan 4
mc --m 121 --n 5000 --k 1000 --c-dtype f16
mc --m 1657 --n 5928 --k 456
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
S="-|--tma-store off"
av mosaic "$S" --m 4864 --n 1024 --k 4480
av mosaic "$S" --m 4864 --n 1024 --k 4480 --dtype bf16
av mosaic "$S" --m 7136 --n 3264 --k 5832
av mosaic "$S" --m 5040 --n 6008 --k 512
av mosaic "$S" --m 1656 --n 5928 --k 456
av mosaic "$S" --m 5464 --n 1296 --k 6224
av mosaic "$S" --m 128 --n 5120 --k 5120
av mosaic "$S" --m 128 --n 5120 --k 13824 --dtype bf16
av mosaic "$S" --m 128 --n 5120 --k 5120 --c-dtype f16
av mosaic "$S" --m 128 --n 5120 --k 13824 --dtype bf16 --c-dtype bf16
av mosaic "--plan 1|--plan 4|--plan 4 --tma-store off" --m 4096 --n 4096 --k 4096
av mosaic "--plan 1|--plan 6|--plan 6 --tma-store off" --m 4096 --n 14336 --k 4096
av mosaic "--plan 1|--plan 2|--plan 2 --tma-store off" --m 5808 --n 1056 --k 5168
