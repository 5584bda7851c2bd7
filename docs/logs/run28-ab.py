"""Summary of a run-28 device log: per shape timed by `ab`, each build's mosaic time and
paired ratio to cuBLAS, and each build's speedup over `mosaic-base` (base time / its time;
REF=NAME takes another reference build); then per build the geomean speedup and counts.
  python3 docs/logs/run28-ab.py LOG"""
import math
import os
import re
import sys

cur, res = None, {}
for line in open(sys.argv[1]):
    m = re.match(r"### bench \((\S+)\) --samples 30 --m (\d+) --n (\d+) --k (\d+)(.*)", line)
    if m:
        cur = (m.group(1), "%sx%sx%s" % m.groups()[1:4] + m.group(5).rstrip())
        continue
    m = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\).*paired ([\d.]+)", line)
    if m and cur:
        res.setdefault(cur[1], {})[cur[0]] = (float(m.group(1)), float(m.group(2)))
        cur = None
speed = {}
REF = os.environ.get("REF", "mosaic-base")
for s, d in res.items():
    if REF not in d:
        continue
    row = [f"{s:28} base {d[REF][0]:8.2f} us {d[REF][1]:.3f}"]
    for b, (us, pr) in sorted(d.items()):
        if b != REF:
            r = d[REF][0] / us
            speed.setdefault(b, []).append(r)
            row.append(f"{b} {us:8.2f} us {pr:.3f} x{r:.3f}")
    print(" | ".join(row))
for b, rs in sorted(speed.items()):
    g = math.exp(sum(map(math.log, rs)) / len(rs))
    print(f"{b}: {len(rs)} shapes, geomean speedup {g:.4f}; faster (>0.5%) "
          f"{sum(r > 1.005 for r in rs)}, level {sum(0.995 <= r <= 1.005 for r in rs)}, "
          f"slower {sum(r < 0.995 for r in rs)}; range {min(rs):.3f}-{max(rs):.3f}")
