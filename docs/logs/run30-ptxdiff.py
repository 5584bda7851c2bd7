"""Run 30: seeded random shapes whose default kernel's PTX differs between two builds.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] python3 docs/logs/run30-ptxdiff.py SEED N
"""
import hashlib, os, random, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
random.seed(int(sys.argv[1])); N = int(sys.argv[2])
A, B = os.environ["A"], os.environ["B"]; EXTRA = os.environ.get("EXTRA", "").split()
def rnd():
    def d():
        v = int(2 ** random.uniform(8, 13.2))
        return v if random.random() < 0.3 else max(8, v // 8 * 8)
    random.random()
    return d(), d(), d()
shapes = [rnd() for _ in range(N)]
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
print("differ", n, "of", N)
