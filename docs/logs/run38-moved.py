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
    m, n, k = 65 + m % 32, n // 8 * 8, k // 8 * 8
    if n < 1024 or k < 1024: continue
    a = first(".carry-rt/mosaic-38", m, n, k, extra); b = first(".carry-rt/mosaic-tsk", m, n, k, extra)
    if a != b:
        print(f'av2 --m {m} --n {n} --k {k} {" ".join(extra)}'.rstrip() + f'   # {desc(".carry-rt/mosaic-38",m,n,k,extra)} -> {desc(".carry-rt/mosaic-tsk",m,n,k,extra)}')
