# Run 30: the rank of plan 1's mirror (same caller-space tile, other orientation) per shape.
#   python3 docs/logs/run30-mirror.py BUILD SHAPE...
import json, subprocess, sys
B = sys.argv[1]
def caller_tile(q):
    t = q["cta_tile"]; return (t[1], t[0]) if q["transposed"] else (t[0], t[1])
for s in sys.argv[2:]:
    m, n, k = s.split("x")
    p = subprocess.run([B, "plans", "gemm", "--m", m, "--n", n, "--k", k, "--target", "sm_90a", "--top", "8", "--json"], capture_output=True, text=True)
    ps = [x["plan"] for x in json.loads(p.stdout)["plans"]]
    a = ps[0]
    for r, b in enumerate(ps[1:], 2):
        if b["transposed"] != a["transposed"] and caller_tile(b) == caller_tile(a):
            print(s, r, "%.4f" % (b["modeled"]["cycles"] / a["modeled"]["cycles"]), "T" if a["transposed"] else "P"); break
    else:
        print(s, "none")
