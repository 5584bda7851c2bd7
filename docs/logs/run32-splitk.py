"""Run 32: seeded random shapes where split-K 4 can be ranked (at most 33 output tiles of up
to 256 x 256, K >= 1024), and whose default kernel differs between two builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] [DECODE=1] python3 docs/logs/run32-splitk.py SEED N

DECODE=1: m a multiple of 16 up to 128 instead (decode shapes; n and k as drawn).
"""
import hashlib, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
N = int(sys.argv[2])
A, B = os.environ["A"], os.environ["B"]; EXTRA = os.environ.get("EXTRA", "").split()
shapes = draw(int(sys.argv[1]), N)
if os.environ.get("DECODE"):
    shapes = [(16 * (1 + m % 8), n, k) for m, n, k in shapes]
shapes = [(m, n, k) for m, n, k in shapes if m * n <= 33 * 256 * 256 and k >= 1024]
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
