#!/usr/bin/env bash
# Run 27-c: out-of-sample check of this build (transposed grids above 128 rows share B across
# pairs of tile rows where K > 1536 and padding costs no wave, `$M`) against the base build
# (`$BASE`, run 26's last code, 745d78a): every one of the 34 shapes whose default moved
# among 600 fresh seeded random f16 shapes (`python3 docs/logs/run26-sweep.py 28 600`, list
# in run27-sweep28-moved.txt), then nine shapes of 27-b whose defaults moved; 30 paired
# samples each, alternating which build runs first. Verify and memcheck of new defaults first.
#   OUT=... bash docs/logs/run27-c.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4864 --n 1024 --k 4480
v --m 3176 --n 2464 --k 8608
v --m 3170 --n 1808 --k 5400
v --m 1376 --n 792 --k 7784 --alpha 1.5 --beta -0.5
v --m 4327 --n 720 --k 2672
v --m 1968 --n 3400 --k 6144 --dtype bf16 --c-dtype bf16
v --m 1067 --n 4320 --k 9312 --dtype tf32 --b-layout col
v --m 3280 --n 1536 --k 5408 --b-layout col
v --m 8744 --n 400 --k 1592 --dtype bf16
mc --m 4240 --n 496 --k 3712
pair --m 2912 --n 1072 --k 5680
pair --m 8744 --n 400 --k 1592
pair --m 1216 --n 8424 --k 1544
pair --m 1968 --n 3400 --k 6144
pair --m 2064 --n 3496 --k 2888
pair --m 2360 --n 416 --k 2576
pair --m 3000 --n 7728 --k 1928
pair --m 1183 --n 1992 --k 3968
pair --m 1111 --n 2832 --k 4240
pair --m 4688 --n 1360 --k 1552
pair --m 1552 --n 3136 --k 2424
pair --m 1640 --n 1480 --k 1800
pair --m 3280 --n 1536 --k 5408
pair --m 1544 --n 736 --k 2360
pair --m 776 --n 1376 --k 2688
pair --m 9000 --n 312 --k 2544
pair --m 3248 --n 1352 --k 1688
pair --m 1888 --n 5024 --k 1816
pair --m 4931 --n 7280 --k 2952
pair --m 3136 --n 3040 --k 8224
pair --m 2352 --n 1792 --k 3504
pair --m 1968 --n 1256 --k 8456
pair --m 1067 --n 4320 --k 9312
pair --m 2640 --n 4000 --k 4672
pair --m 1920 --n 1816 --k 8168
pair --m 1688 --n 5864 --k 8904
pair --m 3170 --n 1808 --k 5400
pair --m 4240 --n 496 --k 3712
pair --m 6280 --n 688 --k 4776
pair --m 408 --n 8232 --k 8592
pair --m 1048 --n 6424 --k 5488
pair --m 584 --n 1984 --k 2312
pair --m 4327 --n 720 --k 2672
pair --m 864 --n 5264 --k 2712
pair --m 4864 --n 1024 --k 4480
pair --m 5808 --n 1024 --k 5120
pair --m 4864 --n 824 --k 4472
pair --m 5808 --n 1056 --k 5168
pair --m 1176 --n 2936 --k 6072
pair --m 2000 --n 1216 --k 4280
pair --m 3176 --n 2464 --k 8608
pair --m 1376 --n 792 --k 7784
pair --m 476 --n 2400 --k 6136
