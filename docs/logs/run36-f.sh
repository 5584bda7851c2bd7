#!/usr/bin/env bash
# Run 36-f (H200): the split-K pair rule (`mosaic-skp`: decode split-K grids of two 64-row tile
# rows share B over each pair of tile rows, one pair per k-split in a cluster of `2 * split`
# CTAs, where A's or B's rows straddle 32-byte sectors and K > 1536, as the A and B block rule;
# such a grid stays before the blocks of 48 CTAs or more) against the build before it
# (`mosaic-96b`, run 36-d's rule), out of sample: every default it moved among fresh seeded
# decode shapes, `A=.carry-rt/mosaic-96b B=.carry-rt/mosaic-skp [ROWS=97] [EXTRA=...] python3
# docs/logs/run32-decodediff.py SEED N`: 156 (80 to 128 rows, f16, 300: 48), 157 (97 to 128
# rows, bf16, 250: 58), 158 (97 to 128 rows, f16 with a column-major B, 250: 45), interleaved.
# Verify and memcheck of moved kernels first; 30 paired samples of both builds per shape.
#   OUT=... bash docs/logs/run36-f.sh; REF=mosaic-96b python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-skp"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 80 --n 424 --k 6624
v --m 80 --n 272 --k 1640
v --m 128 --n 616 --k 6456
v --m 121 --n 736 --k 1896 --dtype bf16
v --m 101 --n 1416 --k 5624 --dtype bf16
v --m 105 --n 368 --k 4120 --b-layout col
v --m 121 --n 816 --k 1832 --b-layout col
v --m 121 --n 816 --k 1832 --c-dtype f16
mc --m 80 --n 424 --k 6624
mc --m 105 --n 368 --k 4120 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 424 --k 6624
ab "mosaic-96b mosaic-skp" --m 101 --n 1416 --k 5624 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 368 --k 4120 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 616 --k 6456
ab "mosaic-96b mosaic-skp" --m 97 --n 968 --k 3208 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 816 --k 1832 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 272 --k 1640
ab "mosaic-96b mosaic-skp" --m 121 --n 736 --k 1896 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 272 --k 1944 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 552 --k 4992
ab "mosaic-96b mosaic-skp" --m 113 --n 1288 --k 2944 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 992 --k 6536 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 904 --k 3712
ab "mosaic-96b mosaic-skp" --m 122 --n 768 --k 3048 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 126 --n 384 --k 3176 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 776 --k 3080
ab "mosaic-96b mosaic-skp" --m 97 --n 264 --k 7920 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 1040 --k 6568 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 1960 --k 2912
ab "mosaic-96b mosaic-skp" --m 108 --n 296 --k 7048 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 1928 --k 5736 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 776 --k 2144
ab "mosaic-96b mosaic-skp" --m 113 --n 1720 --k 1952 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 122 --n 1960 --k 4584 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 320 --k 7896
ab "mosaic-96b mosaic-skp" --m 113 --n 1648 --k 8216 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 98 --n 1704 --k 1688 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 600 --k 1856
ab "mosaic-96b mosaic-skp" --m 100 --n 1472 --k 6808 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 108 --n 488 --k 7080 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 344 --k 4240
ab "mosaic-96b mosaic-skp" --m 105 --n 336 --k 7096 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 952 --k 5336 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 576 --k 2760
ab "mosaic-96b mosaic-skp" --m 123 --n 712 --k 4928 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 296 --k 5128 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 840 --k 5312
ab "mosaic-96b mosaic-skp" --m 105 --n 2040 --k 4016 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 352 --k 3560 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 336 --k 5256
ab "mosaic-96b mosaic-skp" --m 113 --n 1184 --k 3592 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 115 --n 944 --k 2744 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 360 --k 3680
ab "mosaic-96b mosaic-skp" --m 110 --n 496 --k 8824 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 1008 --k 2664 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 568 --k 1952
ab "mosaic-96b mosaic-skp" --m 113 --n 408 --k 7720 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 296 --k 4312 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 536 --k 2864
ab "mosaic-96b mosaic-skp" --m 97 --n 280 --k 2200 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 104 --n 320 --k 3272 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 968 --k 2240
ab "mosaic-96b mosaic-skp" --m 105 --n 520 --k 5512 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 116 --n 1016 --k 2120 --b-layout col
ab "mosaic-96b mosaic-skp" --m 112 --n 368 --k 4984
ab "mosaic-96b mosaic-skp" --m 113 --n 1768 --k 4664 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 108 --n 776 --k 2808 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 520 --k 6496
ab "mosaic-96b mosaic-skp" --m 121 --n 440 --k 3024 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 336 --k 1608 --b-layout col
ab "mosaic-96b mosaic-skp" --m 96 --n 1184 --k 2680
ab "mosaic-96b mosaic-skp" --m 105 --n 1296 --k 4152 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 504 --k 2872 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 368 --k 8920
ab "mosaic-96b mosaic-skp" --m 97 --n 1520 --k 6760 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 120 --n 528 --k 7272 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 360 --k 2432
ab "mosaic-96b mosaic-skp" --m 121 --n 920 --k 2176 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 120 --n 1496 --k 2328 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 968 --k 4128
ab "mosaic-96b mosaic-skp" --m 121 --n 1768 --k 3280 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 704 --k 6648 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 536 --k 4856
ab "mosaic-96b mosaic-skp" --m 113 --n 312 --k 4768 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 126 --n 1080 --k 8520 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 1984 --k 8888
ab "mosaic-96b mosaic-skp" --m 121 --n 952 --k 3648 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 1136 --k 1624 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 1392 --k 6664
ab "mosaic-96b mosaic-skp" --m 123 --n 888 --k 4856 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 1672 --k 2984 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 328 --k 8048
ab "mosaic-96b mosaic-skp" --m 113 --n 256 --k 3416 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 1672 --k 1592 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 256 --k 2184
ab "mosaic-96b mosaic-skp" --m 107 --n 1344 --k 1560 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 123 --n 408 --k 1976 --b-layout col
ab "mosaic-96b mosaic-skp" --m 96 --n 256 --k 3208
ab "mosaic-96b mosaic-skp" --m 121 --n 864 --k 4808 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 1240 --k 3048 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 536 --k 2176
ab "mosaic-96b mosaic-skp" --m 105 --n 976 --k 9192 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 128 --n 280 --k 2408 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 672 --k 2760
ab "mosaic-96b mosaic-skp" --m 121 --n 704 --k 3592 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 352 --k 5032 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 1704 --k 4352
ab "mosaic-96b mosaic-skp" --m 121 --n 760 --k 3904 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 440 --k 2392 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 1832 --k 3008
ab "mosaic-96b mosaic-skp" --m 105 --n 1544 --k 3840 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 336 --k 6360 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 560 --k 6040
ab "mosaic-96b mosaic-skp" --m 122 --n 1368 --k 8640 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 1256 --k 2856 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 592 --k 5272
ab "mosaic-96b mosaic-skp" --m 97 --n 1144 --k 2256 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 816 --k 6216 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 1112 --k 3896
ab "mosaic-96b mosaic-skp" --m 113 --n 1296 --k 2360 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 448 --k 7064 --b-layout col
ab "mosaic-96b mosaic-skp" --m 112 --n 1768 --k 2232
ab "mosaic-96b mosaic-skp" --m 121 --n 504 --k 2688 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 2160 --k 6872 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 488 --k 2184
ab "mosaic-96b mosaic-skp" --m 113 --n 632 --k 4056 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 123 --n 552 --k 1784 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 344 --k 2560
ab "mosaic-96b mosaic-skp" --m 97 --n 408 --k 9280 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 736 --k 5528 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 352 --k 2056
ab "mosaic-96b mosaic-skp" --m 111 --n 1536 --k 8936 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 800 --k 2776 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 1272 --k 5880
ab "mosaic-96b mosaic-skp" --m 105 --n 264 --k 4824 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 1568 --k 8888 --b-layout col
ab "mosaic-96b mosaic-skp" --m 128 --n 464 --k 3368
ab "mosaic-96b mosaic-skp" --m 97 --n 312 --k 3424 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 1624 --k 3400 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 960 --k 1976
ab "mosaic-96b mosaic-skp" --m 97 --n 336 --k 3640 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 1608 --k 6024 --b-layout col
ab "mosaic-96b mosaic-skp" --m 112 --n 256 --k 2856
ab "mosaic-96b mosaic-skp" --m 110 --n 1032 --k 3736 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 113 --n 1688 --k 9256 --b-layout col
ab "mosaic-96b mosaic-skp" --m 80 --n 1040 --k 2424
ab "mosaic-96b mosaic-skp" --m 105 --n 1008 --k 1576 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 80 --n 312 --k 8480
ab "mosaic-96b mosaic-skp" --m 113 --n 520 --k 5552 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 80 --n 312 --k 2152
ab "mosaic-96b mosaic-skp" --m 105 --n 952 --k 6560 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 432 --k 8328 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 114 --n 1608 --k 6712 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 121 --n 712 --k 5648 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 1744 --k 7688 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 360 --k 3512 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 408 --k 7312 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 1192 --k 2736 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 97 --n 328 --k 4936 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 472 --k 8088 --dtype bf16
ab "mosaic-96b mosaic-skp" --m 105 --n 288 --k 3128 --dtype bf16
