"""Run 35: seeded shapes where the model's best split-K plan and its best unsplit plan are
close (modeled cycles within RANGE, default 1.25x either way), for timing both: prints
`shape rank_unsplit cycles_unsplit rank_split cycles_split default_is_split`.

  MOSAIC=BUILD [ROWS=decode|97|any] [RANGE=1.25] python3 docs/logs/run35-pairs.py SEED N
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw

build = os.environ.get("MOSAIC", "./target/release/mosaic")
rows = os.environ.get("ROWS", "decode")
span = float(os.environ.get("RANGE", "1.25"))
shapes = draw(int(sys.argv[1]), int(sys.argv[2]))
if rows == "decode":
    shapes = [(16 * (5 + m % 4), n // 8 * 8, k // 8 * 8) for m, n, k in shapes]
elif rows == "97":
    shapes = [(97 + m % 32, n // 8 * 8, k // 8 * 8) for m, n, k in shapes]
else:
    shapes = [(m // 8 * 8, n // 8 * 8, k // 8 * 8) for m, n, k in shapes]


def best(shape):
    m, n, k = shape
    out = subprocess.run([build, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                          "--target", "sm_90a", "--top", "60", "--json"],
                         capture_output=True, text=True).stdout
    try:
        plans = json.loads(out)["plans"]
    except (ValueError, KeyError):
        return None
    u = next((p for p in plans if p["plan"]["split_k"] == 1), None)
    s = next((p for p in plans if p["plan"]["split_k"] > 1), None)
    if not u or not s:
        return None
    cu, cs = u["plan"]["modeled"]["cycles"], s["plan"]["modeled"]["cycles"]
    if max(cu, cs) / min(cu, cs) > span:
        return None
    return (f"{m}x{n}x{k}", u["rank"], round(cu), s["rank"], round(cs),
            int(plans[0]["plan"]["split_k"] > 1))


with ThreadPoolExecutor(2) as ex:
    for row in ex.map(best, shapes):
        if row:
            print(*row)
