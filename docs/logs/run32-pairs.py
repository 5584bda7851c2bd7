"""Run 32: seeded random shapes where run 32's rule for sharing B on lone grids can change the
default (K > 1536, A's and B's rows whole 32-byte sectors, B's rows (row-major) straddling
128-byte lines), and whose default kernel differs between two builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] python3 docs/logs/run32-pairs.py SEED N
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw, print_ptx_diffs
N = int(sys.argv[2])
shapes = [(m, n, k) for m, n, k in draw(int(sys.argv[1]), N)
          if k > 1536 and (2 * k) % 32 == 0 and (2 * n) % 32 == 0 and (2 * n) % 128 != 0]
n = print_ptx_diffs(shapes)
print("differ", n, "of", len(shapes), "filtered from", N)
