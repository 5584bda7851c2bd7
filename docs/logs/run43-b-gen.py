"""Writes run43-b.sh: mid-M shapes (seed 431; 256 <= m <= 3200, n >= 256, k >= 384, at most
400 output tiles of 128x128), each shape's first 8 ranked plans timed against cuBLAS, and
the first one-warpgroup plan among them again with `--k-pair on` (two consumer warpgroups
splitting its k-tiles, run 41). The model's ranking against measured time where 43-a found
it worst (mid-M grids of about one wave).   python3 docs/logs/run43-b-gen.py > docs/logs/run43-b.sh"""
import sys
from seeded_shapes import draw, ranked_plans

B = "mosaic-42c"
shapes = [s for s in draw(431, 400)
          if 256 <= s[0] <= 3200 and s[1] >= 256 and s[2] >= 384 and s[0] * s[1] <= 400 * 128 * 128][:16]
print("#!/usr/bin/env bash")
print("# Run 43-b, written by run43-b-gen.py (see there).  OUT=... bash docs/logs/run43-b.sh")
print('. "$(dirname "$0")/run34-lib.sh"')
print("nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader")
for m, n, k in shapes:
    sets = ["-"] + ["--plan %d" % i for i in range(2, 9)]
    ps = ranked_plans("../../.carry-rt/" + B, m, n, k, top=8)
    # As run: where a warp-level plan was among the 8, the parser of then stopped (no k-pair).
    one = None if any(p["wg"] == 0 for p in ps) else next(
        (p["i"] for p in ps if p["wg"] == 1 and p["split"] == 1), None)
    if one:
        sets.append(("--plan %d " % one if one > 1 else "") + "--k-pair on")
    print('av %s "%s" --m %d --n %d --k %d' % (B, "|".join(sets), m, n, k))
# 43-a's mid-M shapes: plans 5 to 8, and their one-warpgroup plans with `--k-pair on`.
for (m, n, k), one in [((944, 2104, 3120), None), ((656, 1592, 5584), 1), ((848, 1544, 3520), 3),
                       ((1544, 6048, 7976), 3), ((2499, 8592, 296), 3), ((6704, 488, 9000), None)]:
    sets = ["--plan %d" % i for i in range(5, 9)]
    if one:
        sets.append(("--plan %d " % one if one > 1 else "") + "--k-pair on")
    print('av %s "%s" --m %d --n %d --k %d' % (B, "|".join(sets), m, n, k))
