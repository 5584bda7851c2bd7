"""Run 32: seeded decode shapes of 80, 96, 112 or 128 rows (with ROWS=97: any of 97 to 128;
n and k as drawn, rounded down to multiples of 8) whose default kernel differs between two
builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] [ROWS=97] python3 docs/logs/run32-decodediff.py SEED N
"""
import hashlib, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
A, B = os.environ["A"], os.environ["B"]; EXTRA = os.environ.get("EXTRA", "").split()
rows = (lambda m: 97 + m % 32) if os.environ.get("ROWS") == "97" else (lambda m: 16 * (5 + m % 4))
shapes = [(rows(m), n // 8 * 8, k // 8 * 8) for m, n, k in draw(int(sys.argv[1]), int(sys.argv[2]))]
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
print("differ", n, "of", len(shapes))
