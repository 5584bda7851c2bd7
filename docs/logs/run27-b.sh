#!/usr/bin/env bash
# Run 27-b: B multicast on transposed plans above 128 rows. A transposed plan's B is the
# caller's A (the activations), read by every tile row; `--multicast on` shares each B box
# across a 2-CTA cluster of two tile rows, as cuBLAS's 2x1 clusters do at 4864x1024x4480
# (25-n). Verify and memcheck first (even and odd tile-row counts, ragged, bf16, tf32), then
# the 38 shapes whose defaults moved in 26-c (all transposed) and five narrow-N shapes, each
# as built and with `--multicast on`, 30 paired samples, the order alternating.
#   OUT=... bash docs/logs/run27-b.sh
. "$(dirname "$0")/run27-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
MC="--multicast on"
v --m 4864 --n 1024 --k 4480 --plan 5 $MC
v --m 896 --n 3504 --k 8232 $MC
v --m 3457 --n 616 --k 1464 $MC --alpha 1.5 --beta -0.5
v --m 2000 --n 1216 --k 4280 $MC --dtype bf16 --c-dtype bf16
v --m 1200 --n 2664 --k 7584 $MC --dtype tf32 --b-layout col
v --m 1001 --n 2663 --k 1000 $MC --b-layout col
mc --m 3457 --n 616 --k 1464 $MC
j=0
ab() { j=$((j + 1)); if [ $((j % 2)) = 1 ]; then bpc 30 "$@"; bpc 30 "$@" $MC; else bpc 30 "$@" $MC; bpc 30 "$@"; fi; }
ab --m 2400 --n 504 --k 832
ab --m 1672 --n 2240 --k 7312
ab --m 896 --n 3504 --k 8232
ab --m 1176 --n 2936 --k 6072
ab --m 1069 --n 2960 --k 3856
ab --m 763 --n 800 --k 8824
ab --m 2000 --n 1216 --k 4280
ab --m 258 --n 3904 --k 3760
ab --m 784 --n 2640 --k 1024
ab --m 3457 --n 616 --k 1464
ab --m 472 --n 5616 --k 1760
ab --m 3344 --n 584 --k 3704
ab --m 1782 --n 704 --k 1136
ab --m 1752 --n 1384 --k 8792
ab --m 2068 --n 2464 --k 504
ab --m 920 --n 7728 --k 7856
ab --m 616 --n 2064 --k 1136
ab --m 1053 --n 3248 --k 6048
ab --m 1696 --n 4192 --k 848
ab --m 776 --n 4912 --k 1008
ab --m 2784 --n 2528 --k 544
ab --m 3440 --n 304 --k 5720
ab --m 2385 --n 1320 --k 3608
ab --m 1200 --n 2664 --k 7584
ab --m 864 --n 7512 --k 864
ab --m 1376 --n 792 --k 7784
ab --m 3176 --n 2464 --k 8608
ab --m 1552 --n 1928 --k 1200
ab --m 1456 --n 792 --k 848
ab --m 515 --n 1976 --k 1320
ab --m 3080 --n 344 --k 2776
ab --m 1816 --n 568 --k 1608
ab --m 456 --n 5488 --k 1344
ab --m 1088 --n 3256 --k 2776
ab --m 538 --n 2024 --k 544
ab --m 476 --n 2400 --k 6136
ab --m 1168 --n 912 --k 2064
ab --m 1640 --n 3848 --k 7592
ab --m 4864 --n 1024 --k 4480 --plan 5
ab --m 5808 --n 1024 --k 5120 --plan 5
ab --m 4864 --n 824 --k 4472 --plan 2
ab --m 5464 --n 1296 --k 6224
ab --m 5808 --n 1056 --k 5168
bpc 30 --m 4864 --n 1024 --k 4480; bpc 30 --m 5808 --n 1024 --k 5120; bpc 30 --m 4864 --n 824 --k 4472
