#!/usr/bin/env bash
# Run 37-f (H200): B shared over the tile-row pair (`--multicast on`) on plain decode grids of
# two 64-row tile rows with 121 to 132 CTAs (one wave, more than the 120 that 4-CTA blocks
# fill), K > 1536, against the default (the same plan unshared), final build (`mosaic-37`):
# every such default among seeds 172 (97 to 128 rows, f16, 500: 6), 173 (bf16, 600: 6), 174
# (column-major B, 600: 19, the first 10), and 128x8272x6424, 128x8416x4976 (37-a).
#   OUT=... bash docs/logs/run37-f.sh; python3 docs/logs/run31-av.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
av mosaic-37 "-|--multicast on" --m 111 --n 5952 --k 4448
av mosaic-37 "-|--multicast on" --m 121 --n 7960 --k 2888
av mosaic-37 "-|--multicast on" --m 105 --n 4208 --k 3272
av mosaic-37 "-|--multicast on" --m 121 --n 4000 --k 5016
av mosaic-37 "-|--multicast on" --m 105 --n 3864 --k 4872
av mosaic-37 "-|--multicast on" --m 126 --n 4008 --k 4800
av mosaic-37 "-|--multicast on" --m 121 --n 4120 --k 3640 --dtype bf16
av mosaic-37 "-|--multicast on" --m 102 --n 4136 --k 2504 --dtype bf16
av mosaic-37 "-|--multicast on" --m 97 --n 3992 --k 1936 --dtype bf16
av mosaic-37 "-|--multicast on" --m 113 --n 4008 --k 8816 --dtype bf16
av mosaic-37 "-|--multicast on" --m 121 --n 4016 --k 4672 --dtype bf16
av mosaic-37 "-|--multicast on" --m 97 --n 3920 --k 3304 --dtype bf16
av mosaic-37 "-|--multicast on" --m 105 --n 3872 --k 6864 --b-layout col
av mosaic-37 "-|--multicast on" --m 98 --n 3864 --k 1984 --b-layout col
av mosaic-37 "-|--multicast on" --m 104 --n 5952 --k 4608 --b-layout col
av mosaic-37 "-|--multicast on" --m 97 --n 4008 --k 8792 --b-layout col
av mosaic-37 "-|--multicast on" --m 97 --n 5040 --k 3392 --b-layout col
av mosaic-37 "-|--multicast on" --m 105 --n 3920 --k 2728 --b-layout col
av mosaic-37 "-|--multicast on" --m 97 --n 4200 --k 6960 --b-layout col
av mosaic-37 "-|--multicast on" --m 113 --n 4208 --k 7024 --b-layout col
av mosaic-37 "-|--multicast on" --m 128 --n 3888 --k 5792 --b-layout col
av mosaic-37 "-|--multicast on" --m 119 --n 3904 --k 3248 --b-layout col
av mosaic-37 "-|--multicast on" --m 128 --n 8272 --k 6424
av mosaic-37 "-|--multicast on" --m 128 --n 8416 --k 4976
