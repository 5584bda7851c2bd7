#!/usr/bin/env bash
# Run 34-d (H200): deeper rings on lone decode grids. The default (`mosaic-r34b`: plain
# 64x64 grids keep 80 KiB of B in flight, 10 stages; split-K grids 6) against the same plan
# with `--stages 13` (plain and block grids: 230 KB of shared memory, the most that fits)
# or `--stages 10` / `--stages 12` (split-K), at 34-c's 15 shapes (A and B rows of whole
# sectors) and eight that take the A-and-B block; 30 paired samples, one round.
#   OUT=... bash docs/logs/run34-d.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-r34b"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 128 --n 2528 --k 6128 --stages 13
v --m 113 --n 2600 --k 7728 --stages 13
v --m 128 --n 1728 --k 3360 --stages 12
av mosaic-r34b "-|--stages 13" --m 128 --n 2528 --k 6128
av mosaic-r34b "-|--stages 10|--stages 12" --m 128 --n 1728 --k 3360
av mosaic-r34b "-|--stages 10|--stages 12" --m 128 --n 1392 --k 2864
av mosaic-r34b "-|--stages 13" --m 128 --n 2912 --k 4688
av mosaic-r34b "-|--stages 13" --m 128 --n 3040 --k 5712
av mosaic-r34b "-|--stages 10|--stages 12" --m 128 --n 1536 --k 3296
av mosaic-r34b "-|--stages 13" --m 128 --n 1648 --k 2560
av mosaic-r34b "-|--stages 13" --m 128 --n 1024 --k 2224
av mosaic-r34b "-|--stages 13" --m 128 --n 3984 --k 3456
av mosaic-r34b "-|--stages 13" --m 128 --n 3536 --k 5408
av mosaic-r34b "-|--stages 10|--stages 12" --m 128 --n 1808 --k 3776
av mosaic-r34b "-|--stages 10|--stages 12" --m 128 --n 1104 --k 5792
av mosaic-r34b "-|--stages 13" --m 128 --n 3296 --k 6544
av mosaic-r34b "-|--stages 13" --m 128 --n 2464 --k 9120
av mosaic-r34b "-|--stages 13" --m 128 --n 2336 --k 9280
av mosaic-r34b "-|--stages 13" --m 128 --n 2840 --k 4608
av mosaic-r34b "-|--stages 13" --m 80 --n 2680 --k 8384
av mosaic-r34b "-|--stages 13" --m 113 --n 2600 --k 7728
av mosaic-r34b "-|--stages 13" --m 128 --n 3224 --k 2160
av mosaic-r34b "-|--stages 13" --m 80 --n 2488 --k 7264
av mosaic-r34b "-|--stages 13" --m 128 --n 2648 --k 7624
av mosaic-r34b "-|--stages 13" --m 128 --n 3416 --k 7608
av mosaic-r34b "-|--stages 13" --m 105 --n 9112 --k 6400 --dtype bf16
