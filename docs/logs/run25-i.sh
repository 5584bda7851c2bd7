#!/usr/bin/env bash
# Run 25-i: a seeded random sweep (python random.seed(25); 28 shapes with m, n, k multiples
# of 8 in 256..8192, 12 arbitrary) of the default f16 kernel against cuBLAS, 20 samples,
# to find where the planner is furthest behind.
#   OUT=... bash docs/logs/run25-i.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
bpc 20 --m 3344 --n 6544 --k 7848
bpc 20 --m 7160 --n 7160 --k 376
bpc 20 --m 2008 --n 7880 --k 7392
bpc 20 --m 2752 --n 5464 --k 4128
bpc 20 --m 600 --n 7280 --k 8056
bpc 20 --m 6456 --n 2344 --k 536
bpc 20 --m 2760 --n 4880 --k 3728
bpc 20 --m 1040 --n 5072 --k 7288
bpc 20 --m 1272 --n 4968 --k 5880
bpc 20 --m 6224 --n 7072 --k 1864
bpc 20 --m 4448 --n 8144 --k 6760
bpc 20 --m 7992 --n 5368 --k 2840
bpc 20 --m 7008 --n 7776 --k 1736
bpc 20 --m 4744 --n 3192 --k 4464
bpc 20 --m 4096 --n 4552 --k 1104
bpc 20 --m 7488 --n 7080 --k 5464
bpc 20 --m 5808 --n 1056 --k 5168
bpc 20 --m 5024 --n 3168 --k 3648
bpc 20 --m 3144 --n 1800 --k 5792
bpc 20 --m 1568 --n 5320 --k 4024
bpc 20 --m 848 --n 832 --k 3560
bpc 20 --m 4864 --n 824 --k 4472
bpc 20 --m 5464 --n 1296 --k 6224
bpc 20 --m 7424 --n 8184 --k 584
bpc 20 --m 4696 --n 1664 --k 888
bpc 20 --m 6944 --n 5016 --k 2064
bpc 20 --m 6576 --n 3728 --k 7312
bpc 20 --m 4840 --n 3912 --k 3824
bpc 20 --m 6847 --n 4303 --k 5264
bpc 20 --m 4390 --n 5612 --k 4210
bpc 20 --m 3879 --n 727 --k 6974
bpc 20 --m 6943 --n 4309 --k 2573
bpc 20 --m 1642 --n 647 --k 3600
bpc 20 --m 7056 --n 6927 --k 3342
bpc 20 --m 5407 --n 8175 --k 4001
bpc 20 --m 407 --n 4171 --k 7936
bpc 20 --m 2055 --n 3772 --k 5319
bpc 20 --m 4976 --n 3126 --k 8019
bpc 20 --m 781 --n 7132 --k 1321
bpc 20 --m 1277 --n 1014 --k 2172
