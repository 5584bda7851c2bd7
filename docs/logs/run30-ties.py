# Run 30: for one build (BUILD, third argument), each default that has a transposed or plain mirror
# within 2.5% (seeded random f16 shapes).  python3 docs/logs/run30-ties.py SEED N [BUILD]
"""Find shapes where the default ties (exactly) with a mirrored plan (caller-space tile equal, orientation flipped)."""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
N = int(sys.argv[2]); B = sys.argv[3] if len(sys.argv) > 3 else "/work/main/target/release/mosaic"
shapes = draw(int(sys.argv[1]), N)
def caller_tile(q):
    t = q["cta_tile"]
    return (t[1], t[0]) if q["transposed"] else (t[0], t[1])
def desc(q):
    return "%dx%d w%dx%d s%d mc%d %s" % (q["cta_tile"][0], q["cta_tile"][1], *q["workers"], q["stages"], q["multicast"], "T" if q["transposed"] else "-")
def job(s):
    m, n, k = s
    p = subprocess.run([B, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k), "--target", "sm_90a", "--top", "8", "--json"], capture_output=True, text=True)
    if p.returncode: return s, None
    ps = [x["plan"] for x in json.loads(p.stdout)["plans"]]
    a = ps[0]
    for r, b in enumerate(ps[1:], 2):
        if b["transposed"] != a["transposed"] and caller_tile(b) == caller_tile(a) and abs(b["modeled"]["cycles"] / a["modeled"]["cycles"] - 1) < 0.025:
            return s, (desc(a), desc(b) + " r%d" % r, b["modeled"]["cycles"] / a["modeled"]["cycles"])
    return s, None
with ThreadPoolExecutor(2) as ex:
    for s, r in ex.map(job, shapes):
        if r: print("%dx%dx%d" % s, "|", r[0], "|", r[1], "| %.4f" % r[2], "| M<N" if s[0] < s[1] else "| M>N")
