"""Summary of a run-42 `av` log: per flag set, at each M, the geomean of default / flagged
mosaic time (above 1: the flags are faster), how many shapes were faster and slower, and
how many shapes were below 0.9 of cuBLAS (paired ratio) with and without the flags.
  python3 docs/logs/run42-sum.py LOG"""
import math, re, sys
from collections import defaultdict

# The flags that make a variant of a shape's kernel; the others (dtype, layouts) are the
# shape's.
VARIANT = r"--(pdl|plan|multicast|stages|l2-prefetch|k-pair) \S+"
rows = defaultdict(dict)  # (m, n, k, shape flags) -> variant flags -> (mosaic us, paired ratio)
cur = None
for line in open(sys.argv[1]):
    h = re.match(r"### bench \(\S+\) --samples \d+ --m (\d+) --n (\d+) --k (\d+)(.*)", line)
    if h:
        variant = " ".join(x.group(0) for x in re.finditer(VARIANT, h[4])) or "-"
        rest = " ".join(re.sub(VARIANT, "", h[4]).split())
        cur = (int(h[1]), int(h[2]), int(h[3]), rest), variant
        continue
    r = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\).*paired ([\d.]+)", line)
    if r and cur:
        rows[cur[0]][cur[1]] = (float(r[1]), float(r[2]))
        cur = None
flags = sorted({f for v in rows.values() for f in v} - {"-"})
for f in flags:
    for m in sorted({(s[0], s[3]) for s in rows}):
        xs = [(s, v["-"], v[f]) for s, v in rows.items() if (s[0], s[3]) == m and "-" in v and f in v]
        if not xs:
            continue
        gains = [d[0] / x[0] for _, d, x in xs]
        geo = math.exp(sum(map(math.log, gains)) / len(gains))
        print(f"{f} at M = {m[0]} {m[1]}: {len(xs)} shapes, x{geo:.3f} in geomean, faster {sum(g > 1 for g in gains)}, "
              f"slower {sum(g < 1 for g in gains)}, range {min(gains):.3f}-{max(gains):.3f}; "
              f"below 0.9 of cuBLAS: default {sum(d[1] < 0.9 for _, d, _ in xs)}, with {sum(x[1] < 0.9 for _, _, x in xs)}")
        for (s, d, x), g in zip(xs, gains):
            print(f"  {s[0]}x{s[1]}x{s[2]} {s[3]} x{g:.3f} ({d[1]:.3f} -> {x[1]:.3f} of cuBLAS)")
for f in flags:
    xs = [(v["-"], v[f]) for v in rows.values() if "-" in v and f in v]
    gains = [d[0] / x[0] for d, x in xs]
    geo = math.exp(sum(map(math.log, gains)) / len(gains))
    print(f"{f}, all {len(xs)} shapes: x{geo:.3f} in geomean, faster {sum(g > 1 for g in gains)}, "
          f"slower {sum(g < 1 for g in gains)}; below 0.9 of cuBLAS: default "
          f"{sum(d[1] < 0.9 for d, _ in xs)}, with {sum(x[1] < 0.9 for _, x in xs)}")
