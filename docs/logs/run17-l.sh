#!/usr/bin/env bash
# Run 17-l (H100): 3000x1000x3000 and 1000x3000x1000 f16 (0.68x and 0.79x cuBLAS in 17-i):
# the ranked plans, and the aligned neighbours with the default plan.
#   OUT=... bash docs/logs/run17-l.sh
. "$(dirname "$0")/run17-lib.sh"
for p in 1 2 3 4 5; do b --m 3000 --n 1000 --k 3000 --plan $p; done
b --m 3072 --n 1024 --k 3072
b --m 3000 --n 1024 --k 3000
b --m 3000 --n 1000 --k 3072
b --m 3000 --n 1000 --k 3000 --b-layout col
for p in 1 2 3 4 5; do b --m 1000 --n 3000 --k 1000 --plan $p; done
b --m 1024 --n 3072 --k 1024
b --m 1000 --n 3000 --k 1000 --b-layout col
