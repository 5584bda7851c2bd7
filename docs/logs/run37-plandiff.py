"""Run 37: seeded decode shapes (as run32-decodediff.py: 80, 96, 112 or 128 rows, with ROWS=97
any of 97 to 128) whose first ranked plan differs between two builds (`plans --top 1`, less
its modeled figures): the tessellation's choice, whatever the code generators make of it.
ROWS=65 (run 38): any of 65 to 96 rows.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] [ROWS=97|65] python3 docs/logs/run37-plandiff.py SEED N
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw, print_ptx_diffs
rows = {"97": lambda m: 97 + m % 32, "65": lambda m: 65 + m % 32}.get(
    os.environ.get("ROWS", ""), lambda m: 16 * (5 + m % 4))
shapes = [(rows(m), n // 8 * 8, k // 8 * 8) for m, n, k in draw(int(sys.argv[1]), int(sys.argv[2]))]
n = print_ptx_diffs(shapes, first_plan=True)
print("differ", n, "of", len(shapes))
