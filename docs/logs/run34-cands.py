"""Run 34: decode shapes of M = 128 whose A and B rows are whole 32-byte sectors (K and N
multiples of 16, 16-bit), K above 1536 and N of 1024 to 4224 (at most 132 64x64 tiles),
drawn from a seed (or given as NxK arguments after it); for each,
the plan numbers (in `$MOSAIC`'s `plans --top 60`) of the first plain (not transposed) plan
of each listed (tile, split-K) among 64-row tiles.

  MOSAIC=.carry-rt/mosaic-x96a python3 docs/logs/run34-cands.py SEED N [NxK ...]

Reads `plans --json`. Run 34-c's list came from an earlier version that parsed the text
output and missed transposed plans (their text says "transpose"): at 128x3984x3456,
128x3536x5408 and 128x3296x6544 its 64x128 split-K 2 entry (7, 4, 4) was a transposed plan;
this version gives the plain one (10, 5, 5). Every other entry is the same.
"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw

WANT = [("64x96", 2), ("64x128", 2), ("64x192", 4), ("64x96", 1), ("64x64", 2)]


def plans(m, n, k):
    """Rank of the first plain plan of each (tile, split-K) among `plans --top 60 --json`."""
    out = subprocess.run([os.environ["MOSAIC"], "plans", "gemm", "--m", str(m), "--n", str(n),
                          "--k", str(k), "--target", "sm_90a", "--top", "60", "--json"],
                         capture_output=True, text=True).stdout
    found = {}
    for e in json.loads(out)["plans"]:
        p = e["plan"]
        key = ("x".join(map(str, p["cta_tile"][:2])), p["split_k"])
        if not p["transposed"] and key not in found:
            found[key] = e["rank"]
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
