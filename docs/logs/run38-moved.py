"""Run 38: seeded decode shapes (M = LO + m % (HI - LO + 1), default 65 to 96; N, K >= 1024,
multiples of 8) whose first ranked plan differs between the builds $A and $B, as `av2` lines
with both plans described.  A=.. B=.. [LO=97 HI=112] python3 docs/logs/run38-moved.py SEED N [FLAGS]"""
import sys
sys.path.insert(0,'docs/logs')
from seeded_shapes import draw
import subprocess, os
def first(b, m, n, k, extra):
    out = subprocess.run([b,"plans","gemm","--m",str(m),"--n",str(n),"--k",str(k),"--target","sm_90a","--top","1",*extra],capture_output=True,text=True).stdout
    return "\n".join(l for l in out.splitlines() if "TFLOP" not in l and "cycles" not in l)
def desc(b,m,n,k,extra):
    o=first(b,m,n,k,extra)
    import re
    t=re.search(r"cta +(\S+) tile",o).group(1); sk=re.search(r"split-K +(\d+)",o); g=re.search(r"kernel .*grid (\d+)x",o).group(1)
    return f"{'T' if 'transpose' in o else ''}{t}{' sk'+sk.group(1) if sk else ''}{' mc' if 'multicast' in o else ''} {g}"
seed, count, extra = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
for m, n, k in draw(seed, count):
    lo, hi = int(os.environ.get("LO", 65)), int(os.environ.get("HI", 96))
    m, n, k = lo + m % (hi - lo + 1), n // 8 * 8, k // 8 * 8
    if n < 1024 or k < 1024: continue
    A, B = os.environ.get("A", ".carry-rt/mosaic-38"), os.environ.get("B", ".carry-rt/mosaic-tsk")
    a = first(A, m, n, k, extra); b = first(B, m, n, k, extra)
    if a != b:
        print(f'av2 --m {m} --n {n} --k {k} {" ".join(extra)}'.rstrip() + f'   # {desc(A,m,n,k,extra)} -> {desc(B,m,n,k,extra)}')
