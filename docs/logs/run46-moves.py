"""Which defaults a model change moves among the shapes of plan-sweep logs, and what the
sweep measured for the new default: for each shape timed with `--plan i` variants of the
old build (`$OLD`, default .carry-rt/mosaic-46a; `seeded_shapes.plan_times`), the new build's
(`$NEW`, default .carry-rt/mosaic-46b) first plan is matched to the old ranking's top 12;
where it was timed, its time over the old default's. Run 46's in-sample count.
  python3 docs/logs/run46-moves.py LOG...     (run 46: hopper-run46-c-h100.txt hopper-run46-a-h100.txt)"""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import plan_times, ranked_plans
OLD = os.environ.get("OLD", ".carry-rt/mosaic-46a"); NEW = os.environ.get("NEW", ".carry-rt/mosaic-46b")
t = {s: {i: us for i, (us, _) in v.items()} for s, v in plan_times(sys.argv[1:], os.path.basename(OLD)).items()}
key = lambda q: (q["tile"], q["wg"], q["box"], q["ctas"], q["split"], q["transposed"], q["mcast"], q["block8"], q["persistent"], q["cps"])
gain=[]
for s, v in sorted(t.items()):
    old = ranked_plans(OLD, *s[:3], dtype=s[3], top=12)
    new = ranked_plans(NEW, *s[:3], dtype=s[3], top=1)[0]
    idx = [q["i"] for q in old if key(q) == key(new)]
    i = idx[0] if idx else None
    if i == 1: continue
    tt = v.get(i)
    g = v[1] / tt if tt else float("nan")
    if tt: gain.append(g)
    print("%dx%dx%d %s" % s, "moved to old plan", i, new["tile"], "w%d" % new["wg"], "measured %s" % tt, "vs default %.2f" % v[1], "gain %.3f" % g)
print(len(gain), "timed moves, geomean gain %.3f" % math.exp(sum(map(math.log, gain))/max(1,len(gain))))
