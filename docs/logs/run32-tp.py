"""Run 32: decode shapes (M = 128, seeded n, k >= 1024 rounded down to multiples of 8) whose
first plan is transposed and which rank a plain grid of 64-row tiles in two tile rows among
the first five: prints `SHAPE T_PLAN P_PLAN`.

  MOSAIC=target/release/mosaic python3 docs/logs/run32-tp.py SEED N
"""
import os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
M = os.environ.get("MOSAIC", "target/release/mosaic")
for _, n, k in draw(int(sys.argv[1]), int(sys.argv[2])):
    n, k = n // 8 * 8, k // 8 * 8
    if n < 1024 or k < 1024:
        continue
    out = subprocess.run([M, "plans", "gemm", "--m", "128", "--n", str(n), "--k", str(k), "--target", "sm_90a"],
                         capture_output=True, text=True).stdout
    blocks = out.split("\nplan ")[1:]
    if not blocks or "transpose" not in blocks[0] or "split-K" in blocks[0]:
        continue
    for b in blocks[1:]:
        g = re.search(r"grid\s+(\d+) x (\d+) CTA", b); c = re.search(r"cta\s+(\d+)x(\d+)x", b)
        if "transpose" not in b and "split-K" not in b and g and g[1] == "2" and c[1] == "64":
            print("128x%dx%d 1 %s" % (n, k, b.split()[0]))
            break
