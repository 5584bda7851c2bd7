"""Run 31: seeded random f16 shapes whose default is a lone plain warpgroup grid (at most one
CTA per SM, not transposed, no split-K) of tiles at least `MINW` (128) wide, and whose
`--multicast on` build (B shared by pairs of tile rows) is lone too; prints shape, tile,
warpgroups and both CTA counts.

  MOSAIC=target/release/mosaic [MINW=128] python3 docs/logs/run31-lone.py SEED N
"""
import os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
N = int(sys.argv[2])
M = os.environ.get("MOSAIC", "target/release/mosaic"); MINW = int(os.environ.get("MINW", "128"))
shapes = draw(int(sys.argv[1]), N)
def summary(s, *extra):
    m, n, k = s
    p = subprocess.run([M, "compile", "gemm", "--m", str(m), "--n", str(n), "--k", str(k), "--target",
                        "sm_90a", "-o", "/dev/null", *extra], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr
def job(s):
    rc, out = summary(s)
    if rc or "transpose" in out or "split-K" in out or "multicast" in out:
        return None
    t = re.search(r"cta\s+(\d+)x(\d+)x\d+ tile, (\d+) warpgroups", out)
    g = re.search(r"kernel\s+mosaic_gemm grid (\d+)x", out)
    if not t or not g or int(g.group(1)) > 132 or int(t.group(2)) < MINW or "persistent" in out:
        return None
    rc, mc = summary(s, "--multicast", "on")
    gm = re.search(r"kernel\s+mosaic_gemm grid (\d+)x", mc)
    if rc or not gm or int(gm.group(1)) > 132:
        return None
    return "%dx%dx%d" % s, "%sx%s" % t.group(1, 2), t.group(3), g.group(1), gm.group(1)
with ThreadPoolExecutor(2) as ex:
    for r in ex.map(job, shapes):
        if r:
            print(*r)
