#!/usr/bin/env bash
# Run 43-f: the eleven test shapes (earlier runs' measured rules) whose default the final
# lone-grid L2 term moves (found by the full test run), old build against new.
#   OUT=... bash docs/logs/run43-f.sh; B=mosaic-43b:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
vs "mosaic-42c:-|mosaic-43b:-" --m 1376 --n 792 --k 7784
vs "mosaic-42c:-|mosaic-43b:-" --m 1144 --n 800 --k 5584
vs "mosaic-42c:-|mosaic-43b:-" --m 2267 --n 368 --k 4952
vs "mosaic-42c:-|mosaic-43b:-" --m 584 --n 2176 --k 7440
vs "mosaic-42c:-|mosaic-43b:-" --m 584 --n 2184 --k 7448
vs "mosaic-42c:-|mosaic-43b:-" --m 503 --n 680 --k 6000
vs "mosaic-42c:-|mosaic-43b:-" --m 680 --n 456 --k 7472
vs "mosaic-42c:-|mosaic-43b:-" --m 2546 --n 344 --k 3240
vs "mosaic-42c:-|mosaic-43b:-" --m 1183 --n 1992 --k 3968
vs "mosaic-42c:-|mosaic-43b:-" --m 976 --n 400 --k 8384
vs "mosaic-42c:-|mosaic-43b:-" --m 2000 --n 1216 --k 4280 --dtype tf32 --b-layout col
