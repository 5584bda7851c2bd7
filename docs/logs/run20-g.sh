#!/usr/bin/env bash
# Run 20-g: 20-f's memcheck shape (2100x2056x3000) takes a 192-column tile, which the
# overlap does not take. Shapes ragged in M, N and K that take the overlap only since the
# 64 k-tile rule (47 k-tiles): memcheck and verify.
#   OUT=... bash docs/logs/run20-g.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,serial --format=csv,noheader
mc --m 2100 --n 2312 --k 3000
v --m 2100 --n 2312 --k 3000 --dtype bf16
v --m 3000 --n 2312 --k 3000 --dtype f16 --alpha 1.5 --beta 0
v --m 2100 --n 3080 --k 3000 --dtype bf16 --a-layout col
