"""Per shape of a plan sweep (`vs "N:-|N:--plan 2|..."` logs, f16 unless --dtype): measured time
of plans 1-6 (us) of the build `$BIN` (default .carry-rt/mosaic-46a; other builds' lines and
other flags' lines skipped: `seeded_shapes.plan_times`), the model's cycles for each (its `plans`), the default's loss to the best timed plan, and Spearman's rank
correlation of modeled cycles against measured time per shape and pooled.
  BIN=.carry-rt/mosaic-46a python3 docs/logs/run46-plans.py LOG"""
import math, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from seeded_shapes import plan_times, ranked_plans
from spearman import spearman

binary = os.environ.get("BIN", ".carry-rt/mosaic-46a")
times = plan_times(sys.argv[1:2], os.path.basename(binary))
t = {s: {i: us for i, (us, _) in v.items()} for s, v in times.items()}
cu = {s: [c for _, c in v.values()] for s, v in times.items()}
g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
loss, rhos, dflt, best = [], [], [], []
for s, v in sorted(t.items()):
    ps = {p["i"]: p for p in ranked_plans(binary, *s[:3], dtype=s[3], top=max(v))}
    common = [i for i in sorted(v) if i in ps]
    c = sorted(cu[s])[len(cu[s]) // 2]
    b = min(v, key=v.get)
    rho = spearman([ps[i]["cycles"] for i in common], [v[i] for i in common]) if len(common) > 2 else float("nan")
    if not math.isnan(rho): rhos.append(rho)
    loss.append(v[b] / v[1]); dflt.append(c / v[1]); best.append(c / v[b])
    desc = lambda i: "%s%dx%d w%d %s" % ("T" if ps[i]["transposed"] else "", *ps[i]["tile"], ps[i]["wg"], ps[i]["bound"]) if i in ps else "?"
    print("%-20s cuBLAS %7.2f  default %7.2f (%s)  best plan %d %7.2f (%s)  default/best %.3f  rho %.2f" % (
        "%dx%dx%d %s" % s, c, v[1], desc(1), b, v[b], desc(b), v[1] / v[b], rho))
print("%d shapes: default vs cuBLAS geomean %.3f, best plan %.3f; default within 3%% of best at %d; mean rho %.2f" % (
    len(loss), g(dflt), g(best), sum(x > 0.97 for x in loss), sum(rhos) / max(1, len(rhos))))
