"""Run 34: decode shapes of M = 128 whose A and B rows are whole 32-byte sectors (K and N
multiples of 16, 16-bit), K above 1536 and N of 1024 to 4224 (at most 132 64x64 tiles),
drawn from a seed (or given as NxK arguments after it); for each,
the plan numbers (in `$MOSAIC`'s `plans --top 60`) of the first plain (not transposed) plan
of each listed (tile, split-K) among 64-row tiles.

  MOSAIC=.carry-rt/mosaic-x96a python3 docs/logs/run34-cands.py SEED N [NxK ...]
"""
import os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw

WANT = [("64x96", 2), ("64x128", 2), ("64x192", 4), ("64x96", 1), ("64x64", 2)]


def plans(m, n, k):
    out = subprocess.run([os.environ["MOSAIC"], "plans", "gemm", "--m", str(m), "--n", str(n),
                          "--k", str(k), "--target", "sm_90a", "--top", "60"],
                         capture_output=True, text=True).stdout
    found = {}
    for block in out.split("\nplan ")[1:]:
        num = int(block.split()[0])
        tile = re.search(r"cta\s+(\d+x\d+)x\d+ tile", block)
        split = re.search(r"split-K\s+(\d+) k-splits", block)
        key = (tile.group(1) if tile else "?", int(split.group(1)) if split else 1)
        if "transposed" in block or key in found:
            continue
        found[key] = num
    return found


seed, count = int(sys.argv[1]), int(sys.argv[2])
given = [tuple(map(int, a.split("x"))) for a in sys.argv[3:]]
shown = 0
for n, k in given + [(n // 16 * 16, k // 16 * 16) for _, n, k in draw(seed, 400)]:
    if not 1024 <= n <= 4224 or k <= 1536:
        continue
    f = plans(128, n, k)
    print(f"128x{n}x{k}", " ".join(f"{t}/{s}:{f.get((t, s), '-')}" for t, s in WANT))
    shown += 1
    if shown == count + len(given):
        break
