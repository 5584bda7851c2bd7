#!/usr/bin/env bash
# Run 27-d: this build (transposed grids above 128 rows share B where the caller's A rows
# straddle 32-byte sectors, K > 1536 and padding costs no wave; elsewhere their B is charged
# as merged in L2) against the base build (`$BASE`, 745d78a): every shape whose default moved
# among 600 fresh seeded random f16 shapes (`python3 docs/logs/run26-sweep.py 29 600`, list in
# run27-sweep29-moved.txt), then the shapes of seed 28 (run27-sweep28b-moved.txt) whose
# default differs from the one 27-c timed; 30 paired samples each, alternating which build
# runs first. Verify of three new unshared defaults first.
#   OUT=... bash docs/logs/run27-d.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 3996 --n 5904 --k 6240
v --m 9000 --n 312 --k 2544
v --m 2440 --n 2336 --k 2208 --dtype bf16
pair --m 440 --n 8136 --k 3480
pair --m 5144 --n 1984 --k 672
pair --m 3996 --n 5904 --k 6240
pair --m 5496 --n 616 --k 3480
pair --m 896 --n 4648 --k 3648
pair --m 1928 --n 4624 --k 2984
pair --m 1600 --n 2456 --k 688
pair --m 312 --n 7384 --k 1624
pair --m 544 --n 7912 --k 1712
pair --m 2828 --n 9288 --k 7088
pair --m 2920 --n 2632 --k 6312
pair --m 952 --n 2264 --k 2088
pair --m 2856 --n 1136 --k 4104
pair --m 4696 --n 4192 --k 4552
pair --m 3584 --n 1280 --k 2432
pair --m 1256 --n 8984 --k 1088
pair --m 1097 --n 3936 --k 5616
pair --m 2161 --n 1960 --k 2608
pair --m 4696 --n 8296 --k 2024
pair --m 7048 --n 448 --k 1568
pair --m 4736 --n 888 --k 7256
pair --m 5044 --n 1984 --k 5096
pair --m 1112 --n 4688 --k 2800
pair --m 5664 --n 4576 --k 3344
pair --m 2397 --n 1488 --k 2504
pair --m 4081 --n 792 --k 1576
pair --m 1248 --n 3480 --k 3560
pair --m 5144 --n 648 --k 1392
pair --m 2071 --n 5528 --k 1168
pair --m 1136 --n 3912 --k 8408
pair --m 1904 --n 3944 --k 864
pair --m 472 --n 8640 --k 4848
pair --m 987 --n 5848 --k 5136
pair --m 2147 --n 3144 --k 2944
pair --m 2440 --n 2336 --k 2208
pair --m 928 --n 7400 --k 7144
pair --m 5576 --n 4040 --k 8080
pair --m 3680 --n 2080 --k 2560
pair --m 2356 --n 2512 --k 2392
pair --m 7256 --n 3176 --k 1280
pair --m 3184 --n 2024 --k 8416
pair --m 1199 --n 6528 --k 1784
pair --m 6912 --n 1880 --k 1248
pair --m 3584 --n 2032 --k 8240
pair --m 896 --n 9072 --k 4424
pair --m 4760 --n 848 --k 1744
pair --m 1048 --n 6424 --k 5488
pair --m 1067 --n 4320 --k 9312
pair --m 1328 --n 5576 --k 1456
pair --m 1824 --n 1760 --k 992
pair --m 1968 --n 3400 --k 6144
pair --m 2352 --n 1792 --k 3504
pair --m 2568 --n 2824 --k 1136
pair --m 3136 --n 3040 --k 8224
pair --m 3280 --n 1536 --k 5408
pair --m 4688 --n 1360 --k 1552
pair --m 752 --n 9400 --k 864
pair --m 8840 --n 1424 --k 5856
pair --m 9000 --n 312 --k 2544
pair --m 4864 --n 1024 --k 4480
pair --m 5808 --n 1024 --k 5120
