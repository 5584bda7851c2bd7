"""Run 31: seeded random f16 shapes whose default kernel launches n fastest (its PTX differs
from `--raster-order m`'s); prints shape, tile, warpgroups, split-K, CTA count.

  MOSAIC=target/release/mosaic python3 docs/logs/run31-nfirst.py SEED N
"""
import hashlib, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
N = int(sys.argv[2])
M = os.environ.get("MOSAIC", "target/release/mosaic")
shapes = draw(int(sys.argv[1]), N)
def compile_(s, *extra):
    m, n, k = s
    p = subprocess.run([M, "compile", "gemm", "--m", str(m), "--n", str(n), "--k", str(k), "--target",
                        "sm_90a", "-o", "/dev/stdout", *extra], capture_output=True, text=True)
    body = "\n".join(l for l in p.stdout.splitlines() if "cycles" not in l and "TFLOP/s" not in l)
    return p.returncode, hashlib.md5(body.encode()).hexdigest(), p.stdout + p.stderr
def job(s):
    rc, h, info = compile_(s)
    if rc:
        return None
    rc2, h2, _ = compile_(s, "--raster-order", "m")
    if rc2 or h == h2:
        return None
    t = re.search(r"cta\s+(\d+x\d+)x\d+ tile, (\d+) warpgroups", info)
    g = re.search(r"kernel\s+mosaic_gemm grid (\d+)x", info)
    sk = re.search(r"split-K\s+(\d+)", info)
    return ("%dx%dx%d" % s, t.group(1), t.group(2), sk.group(1) if sk else "1", g.group(1),
            "T" if "transpose" in info else "-")
with ThreadPoolExecutor(2) as ex:
    for r in ex.map(job, shapes):
        if r:
            print(*r)
