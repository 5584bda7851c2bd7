"""Per shape, each build/flag variant's mosaic time (us) from a `vs` log; speed-up of B over A
(default variants named by the environment: A=mosaic-42c:-, B=mosaic-43a:-, C=mosaic-43a:--plan 2)
and their ratios to cuBLAS (paired).   python3 docs/logs/run43-builds.py LOG"""
import math, os, re, sys
from collections import defaultdict
A = os.environ.get("A", "mosaic-42c:-"); B = os.environ.get("B", "mosaic-43a:-"); C = os.environ.get("C", "mosaic-43a:--plan 2")
t = defaultdict(dict); cur = None
for l in open(sys.argv[1]):
    h = re.match(r"### bench \((\S+)\) --samples \d+ --m (\d+) --n (\d+) --k (\d+)\s*(.*)", l)
    if h:
        rest = h[5].strip(); d = re.search(r"--dtype (\S+)", rest)
        rest = re.sub(r"\s*--dtype \S+", "", rest).strip()
        cur = ((int(h[2]), int(h[3]), int(h[4]), d[1] if d else "f16"), h[1] + ":" + (rest or "-")); continue
    r = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\).*paired ([\d.]+)", l)
    if r and cur:
        t[cur[0]][cur[1]] = (float(r[1]), float(r[2])); cur = None
g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
sp, sc, best = [], [], []
for s, v in sorted(t.items()):
    if A not in v or B not in v: continue
    x = v[A][0] / v[B][0]; sp.append(x)
    y = v[A][0] / v[C][0] if C in v else float("nan")
    if C in v: sc.append(y); best.append(v[A][0] / min(v[B][0], v[C][0]))
    print("%-21s new x%.3f  (cuBLAS ratio %.3f -> %.3f)   second x%.3f" % ("%dx%dx%d %s" % s, x, v[A][1], v[B][1], y))
print("new default over old: %d shapes, geomean x%.3f, faster %d, slower %d (below 0.97: %d), range %.3f-%.3f" % (
    len(sp), g(sp), sum(x > 1 for x in sp), sum(x < 1 for x in sp), sum(x < 0.97 for x in sp), min(sp), max(sp)))
if sc: print("new second plan over old default: geomean x%.3f; better of new first two x%.3f" % (g(sc), g(best)))
print("below 0.9 of cuBLAS: old %d, new %d" % (sum(v[A][1] < 0.9 for v in t.values() if A in v and B in v), sum(v[B][1] < 0.9 for v in t.values() if A in v and B in v)))
