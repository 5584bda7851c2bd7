"""Run 38: seeded decode shapes (M = LO + m % (HI - LO + 1), default 65 to 96; N, K >= 1024,
multiples of 8) whose first ranked plan differs between the builds $A and $B (`plans --top 1`
less its modeled figures), as `av2` lines with both plans described (run38-cands.py).
  A=.. B=.. [LO=97 HI=112] python3 docs/logs/run38-moved.py SEED N [FLAGS]"""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
from run38_cands import describe, plans


def first(b, m, n, k, extra):
    out = subprocess.run([b, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                          "--target", "sm_90a", "--top", "1", *extra], capture_output=True, text=True).stdout
    return "\n".join(l for l in out.splitlines() if "TFLOP" not in l and "cycles" not in l)


seed, count, extra = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
lo, hi = int(os.environ.get("LO", 65)), int(os.environ.get("HI", 96))
A, B = os.environ.get("A", ".carry-rt/mosaic-38"), os.environ.get("B", ".carry-rt/mosaic-tsk")
for m, n, k in draw(seed, count):
    m, n, k = lo + m % (hi - lo + 1), n // 8 * 8, k // 8 * 8
    if n < 1024 or k < 1024:
        continue
    if first(A, m, n, k, extra) != first(B, m, n, k, extra):
        was, now = (describe(plans(m, n, k, extra, b)[0]) for b in (A, B))
        print(f"av2 --m {m} --n {n} --k {k} {' '.join(extra)}".rstrip() + f"   # {was} -> {now}")
