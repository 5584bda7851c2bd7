"""Per shape: each timed plan's measured time (mosaic / cuBLAS of the same sample, so that logs
from two cards compare) beside its features and modeled cycles from `plans` of $BIN (default
.carry-rt/mosaic-42c); per-shape Spearman and the regret of the model's first plan.
  python3 docs/logs/run43-rank.py LOG [LOG...]"""
import os, re, subprocess, sys, math

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spearman import spearman  # average ranks for ties
from seeded_shapes import ranked_plans
from collections import defaultdict

BIN = os.environ.get("BIN", ".carry-rt/mosaic-42c")
t = defaultdict(dict)   # shape -> variant -> [norm times]
for f in sys.argv[1:]:
    cur = None
    for l in open(f):
        h = re.match(r"### bench \(\S+\) --samples \d+ --m (\d+) --n (\d+) --k (\d+)(.*)", l)
        if h:
            cur = ((int(h[1]), int(h[2]), int(h[3])), h[4].strip() or "--plan 1")
            continue
        r = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\), cuBLAS [\d.]+ TFLOP/s \(([\d.]+) us\)", l)
        if r and cur:
            t[cur[0]].setdefault(cur[1], []).append(float(r[1]) / float(r[2]))
            cur = None

def plans(m, n, k, top=8):
    return {p["i"]: p for p in ranked_plans(BIN, m, n, k, top=top)}

rhos, regrets = [], []
for s, vs in sorted(t.items()):
    ps = plans(*s)
    rows = []
    for v, xs in vs.items():
        pm = re.fullmatch(r"--plan (\d+)", v)
        if pm and int(pm[1]) in ps:
            rows.append((int(pm[1]), sum(xs) / len(xs), ps[int(pm[1])]))
    print("== %dx%dx%d" % s)
    for i, x, p in sorted(rows, key=lambda r: r[1]):
        print("  plan %d  %.3f of cuBLAS time  model %.3g %-6s %dx%d box %s wg %d ctas %d %s%s%s split %d cps %d" % (
            i, x, p["cycles"], p["bound"], *p["tile"], "%dx%d" % p["box"] if p["box"] else "-", p["wg"], p["ctas"],
            "T" if p["transposed"] else "", "mc" if p["mcast"] else "", "P" if p["persistent"] else "", p["split"], p["cps"]))
    for v, xs in vs.items():
        if "k-pair" in v:
            print("  %s  %.3f" % (v, sum(xs) / len(xs)))
    if len(rows) >= 3:
        rho = spearman([r[2]["cycles"] for r in rows], [r[1] for r in rows])
        first = min(rows, key=lambda r: r[0])
        reg = first[1] / min(r[1] for r in rows)
        rhos.append(rho); regrets.append(reg)
        print("  spearman %.2f  regret %.3f" % (rho, reg))
print("mean spearman %.3f over %d shapes; geomean regret %.3f" % (
    sum(rhos) / len(rhos), len(rhos), math.exp(sum(map(math.log, regrets)) / len(regrets))))
