"""Run 32: seeded random shapes where run 32's rule for sharing B on lone grids can change the
default (K > 1536, A's and B's rows whole 32-byte sectors, B's rows (row-major) straddling
128-byte lines), and whose default kernel differs between two builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] python3 docs/logs/run32-pairs.py SEED N
"""
import hashlib, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
N = int(sys.argv[2])
A, B = os.environ["A"], os.environ["B"]; EXTRA = os.environ.get("EXTRA", "").split()
shapes = [(m, n, k) for m, n, k in draw(int(sys.argv[1]), N)
          if k > 1536 and (2 * k) % 32 == 0 and (2 * n) % 32 == 0 and (2 * n) % 128 != 0]
def h(b, m, n, k):
    p = subprocess.run([b, "compile", "gemm", "--m", str(m), "--n", str(n), "--k", str(k), "--target", "sm_90a", "-o", "/dev/stdout", *EXTRA], capture_output=True, text=True)
    return hashlib.md5("\n".join(l for l in p.stdout.splitlines() if "cycles" not in l and "TFLOP/s" not in l).encode()).hexdigest() if p.returncode == 0 else "ERR" + p.stderr[:80]
def job(s):
    return s, h(A, *s), h(B, *s)
n = 0
with ThreadPoolExecutor(2) as ex:
    for s, a, b in ex.map(job, shapes):
        if a != b:
            n += 1; print("%dx%dx%d" % s, a[:6], b[:6])
print("differ", n, "of", len(shapes), "filtered from", N)
