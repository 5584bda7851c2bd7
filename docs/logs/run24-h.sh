#!/usr/bin/env bash
# Run 24-h: the 2 x 2 multicast kernels after the review's refactor (Shape::block_place;
# the same PTX instructions, reordered): verify, memcheck.
#   OUT=... bash docs/logs/run24-h.sh
. "$(dirname "$0")/run24-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4096 --n 4096 --k 4096 --multicast ab
v --m 4096 --n 4096 --k 4096 --multicast ab --dtype bf16 --c-dtype bf16
v --m 3000 --n 2056 --k 1032 --multicast ab
v --m 2100 --n 2312 --k 3000 --multicast ab --alpha 1.5 --beta -0.5
v --m 2100 --n 2056 --k 1032 --multicast ab --dtype bf16 --b-layout col
v --m 128 --n 6144 --k 4096 --multicast ab
mc --m 2100 --n 2312 --k 1000 --multicast ab
v --m 4096 --n 4096 --k 4096 --multicast a
v --m 3000 --n 2056 --k 1032
