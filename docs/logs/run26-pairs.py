"""Paired A/B summary of a run-26 device log: for each shape timed by `pair` (this build's
`bench --samples 30` and the base build's), the paired ratios to cuBLAS and the speedup (base
build's mosaic time / this build's), then the geomean and counts.
  python3 docs/logs/run26-pairs.py docs/logs/hopper-run26-c.txt"""
import math
import re
import sys

cur, res = None, {}
for line in open(sys.argv[1]):
    m = re.match(r"### bench( \(base build\))? --samples 30 --m (\d+) --n (\d+) --k (\d+)(.*)", line)
    if m:
        shape = "%sx%sx%s" % m.groups()[1:4] + m.group(5).rstrip()
        cur = ("base" if m.group(1) else "new", shape)
        continue
    m = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\).*paired ([\d.]+)", line)
    if m and cur:
        res.setdefault(cur[1], {})[cur[0]] = (float(m.group(1)), float(m.group(2)))
        cur = None
rs = []
for s, d in res.items():
    r = d["base"][0] / d["new"][0]
    rs.append(r)
    print(f"{s:32} base {d['base'][1]:.3f} new {d['new'][1]:.3f} speedup {r:.3f}")
g = math.exp(sum(map(math.log, rs)) / len(rs))
print(f"{len(rs)} shapes: geomean speedup {g:.4f}; faster (>0.5%) {sum(r > 1.005 for r in rs)},"
      f" level {sum(0.995 <= r <= 1.005 for r in rs)}, slower {sum(r < 0.995 for r in rs)};"
      f" range {min(rs):.3f}-{max(rs):.3f}")
