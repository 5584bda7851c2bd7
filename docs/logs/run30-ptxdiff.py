"""Run 30: seeded random shapes whose default kernel's PTX differs between two builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] python3 docs/logs/run30-ptxdiff.py SEED N
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw, print_ptx_diffs
N = int(sys.argv[2])
shapes = draw(int(sys.argv[1]), N)
n = print_ptx_diffs(shapes)
print("differ", n, "of", N)
