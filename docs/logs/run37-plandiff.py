"""Run 37: seeded decode shapes (as run32-decodediff.py: 80, 96, 112 or 128 rows, with ROWS=97
any of 97 to 128) whose first ranked plan differs between two builds (`plans --top 1`, less
its modeled figures): the tessellation's choice, whatever the code generators make of it.

  A=BASE_BUILD B=NEW_BUILD [EXTRA="--dtype bf16"] [ROWS=97] python3 docs/logs/run37-plandiff.py SEED N
"""
import hashlib, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw

rows = (lambda m: 97 + m % 32) if os.environ.get("ROWS") == "97" else (lambda m: 16 * (5 + m % 4))
shapes = [(rows(m), n // 8 * 8, k // 8 * 8) for m, n, k in draw(int(sys.argv[1]), int(sys.argv[2]))]
extra = os.environ.get("EXTRA", "").split()


def first(build, m, n, k):
    p = subprocess.run([build, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                        "--target", "sm_90a", "--top", "1", *extra], capture_output=True, text=True)
    if p.returncode:
        return "ERR" + p.stderr[:80]
    kept = (l for l in p.stdout.splitlines() if "cycles" not in l and "TFLOP/s" not in l)
    return hashlib.md5("\n".join(kept).encode()).hexdigest()


def job(s):
    return s, first(os.environ["A"], *s), first(os.environ["B"], *s)


n = 0
with ThreadPoolExecutor(2) as ex:
    for s, a, b in ex.map(job, shapes):
        if a != b:
            n += 1
            print("%dx%dx%d" % s, a[:6], b[:6], flush=True)
print("differ", n, "of", len(shapes))
