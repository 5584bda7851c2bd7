"""Run 32: seeded random shapes where split-K 4 can be ranked (at most 33 output tiles of up
to 256 x 256, K >= 1024), and whose default kernel differs between two builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] [DECODE=1] python3 docs/logs/run32-splitk.py SEED N

DECODE=1: m a multiple of 16 up to 128 instead (decode shapes; n and k as drawn).
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw, print_ptx_diffs
N = int(sys.argv[2])
shapes = draw(int(sys.argv[1]), N)
if os.environ.get("DECODE"):
    shapes = [(16 * (1 + m % 8), n, k) for m, n, k in shapes]
shapes = [(m, n, k) for m, n, k in shapes if m * n <= 33 * 256 * 256 and k >= 1024]
n = print_ptx_diffs(shapes)
print("differ", n, "of", len(shapes), "filtered from", N)
