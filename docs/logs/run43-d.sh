#!/usr/bin/env bash
# Run 43-d: the lone-grid L2 term restricted to k >= 3072 (`LONE_L2_MIN_K`, fitted on 43-c;
# build `mosaic-43b`) out of sample: every default it moves among fresh seeded random shapes
# (seeds 435 and 436 f16, 437 bf16, 200 shapes each: 17 + 12 + 17 moved;
# seeded_shapes.print_ptx_diffs with A = mosaic-42c, B = mosaic-43b), old default against new.
#   OUT=... bash docs/logs/run43-d.sh; python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "verify --m 336 --n 1888 --k 7944 --dtype bf16"; timeout 120 ./.carry-rt/mosaic-43b verify gemm --m 336 --n 1888 --k 7944 --dtype bf16 --target $T 2>&1 | tail -1
log "verify --m 984 --n 792 --k 4944 --dtype bf16"; timeout 120 ./.carry-rt/mosaic-43b verify gemm --m 984 --n 792 --k 4944 --dtype bf16 --target $T 2>&1 | tail -1
vs "mosaic-42c:-|mosaic-43b:-" --m 1064 --n 1768 --k 7416
vs "mosaic-42c:-|mosaic-43b:-" --m 432 --n 1072 --k 7360
vs "mosaic-42c:-|mosaic-43b:-" --m 640 --n 928 --k 4672
vs "mosaic-42c:-|mosaic-43b:-" --m 2128 --n 504 --k 7344
vs "mosaic-42c:-|mosaic-43b:-" --m 432 --n 5032 --k 7232
vs "mosaic-42c:-|mosaic-43b:-" --m 1032 --n 728 --k 6712
vs "mosaic-42c:-|mosaic-43b:-" --m 3408 --n 856 --k 6224
vs "mosaic-42c:-|mosaic-43b:-" --m 1008 --n 1304 --k 6400
vs "mosaic-42c:-|mosaic-43b:-" --m 3047 --n 352 --k 3656
vs "mosaic-42c:-|mosaic-43b:-" --m 296 --n 5640 --k 3544
vs "mosaic-42c:-|mosaic-43b:-" --m 296 --n 1256 --k 3896
vs "mosaic-42c:-|mosaic-43b:-" --m 2264 --n 768 --k 7936
vs "mosaic-42c:-|mosaic-43b:-" --m 2144 --n 352 --k 8368
vs "mosaic-42c:-|mosaic-43b:-" --m 347 --n 648 --k 3232
vs "mosaic-42c:-|mosaic-43b:-" --m 272 --n 2832 --k 5024
vs "mosaic-42c:-|mosaic-43b:-" --m 3965 --n 296 --k 3808
vs "mosaic-42c:-|mosaic-43b:-" --m 1464 --n 1592 --k 6312
vs "mosaic-42c:-|mosaic-43b:-" --m 461 --n 1232 --k 5424
vs "mosaic-42c:-|mosaic-43b:-" --m 1200 --n 2936 --k 3264
vs "mosaic-42c:-|mosaic-43b:-" --m 552 --n 2968 --k 7936
vs "mosaic-42c:-|mosaic-43b:-" --m 280 --n 960 --k 3232
vs "mosaic-42c:-|mosaic-43b:-" --m 912 --n 552 --k 6160
vs "mosaic-42c:-|mosaic-43b:-" --m 488 --n 2712 --k 6064
vs "mosaic-42c:-|mosaic-43b:-" --m 7176 --n 256 --k 5728
vs "mosaic-42c:-|mosaic-43b:-" --m 1536 --n 608 --k 4032
vs "mosaic-42c:-|mosaic-43b:-" --m 384 --n 7096 --k 6816
vs "mosaic-42c:-|mosaic-43b:-" --m 912 --n 872 --k 3520
vs "mosaic-42c:-|mosaic-43b:-" --m 3160 --n 400 --k 7176
vs "mosaic-42c:-|mosaic-43b:-" --m 1112 --n 256 --k 3128
vs "mosaic-42c:-|mosaic-43b:-" --m 984 --n 792 --k 4944 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 336 --n 1888 --k 7944 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 669 --n 424 --k 3800 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 712 --n 584 --k 7832 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 344 --n 6736 --k 8040 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 544 --n 256 --k 4768 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 403 --n 680 --k 8984 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 832 --n 1472 --k 4568 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 449 --n 1088 --k 4120 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 368 --n 376 --k 6248 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 6328 --n 328 --k 3696 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 408 --n 2624 --k 3552 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 472 --n 1792 --k 4064 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 4288 --n 424 --k 3712 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 496 --n 1600 --k 6448 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 352 --n 672 --k 4120 --dtype bf16
vs "mosaic-42c:-|mosaic-43b:-" --m 1352 --n 1504 --k 7616 --dtype bf16
