"""Run 41-d summary: per candidate kind (split2, plain, ab2x2; see run41-d-gen.py) the
speed-up over the default at each shape where it applied, its geomean, faster / slower
counts, and the defaults' and candidates' ratios to cuBLAS below 0.9.
  python3 docs/logs/run41-d-sum.py LOG"""
import math, re, sys

lines = open(sys.argv[1]).read().split("\n")
kinds, rows, shape = {}, {}, None
for i, l in enumerate(lines[:-1]):
    m = re.match(r"### kinds (\S+): (.*)", l)
    if m:
        shape = m[1]
        kinds[shape] = dict(x.split("=", 1) for x in m[2].split("; "))
        continue
    m = re.match(r"### bench \(\S+\) --samples 30 --m (\d+) --n (\d+) --k (\d+)\s*(.*)", l)
    r = m and re.search(r"\(([\d.]+) us\), cuBLAS .*paired ([\d.]+)", lines[i + 1])
    if r:
        key = f"{m[1]}x{m[2]}x{m[3]}"
        rows.setdefault(key, {})[m[4].strip() or "-"] = (float(r[1]), float(r[2]))
out = {}
for key, ks in kinds.items():
    v = rows.get(key, {})
    if "-" not in v:
        continue
    for kind, flags in ks.items():
        if flags in v:
            out.setdefault(kind, []).append((key, v["-"][0] / v[flags][0], v["-"][1], v[flags][1]))
for kind, xs in out.items():
    s = [x[1] for x in xs]
    g = math.exp(sum(map(math.log, s)) / len(s))
    print(f"{kind}: {len(s)} shapes, geomean x{g:.3f}, faster {sum(x > 1.005 for x in s)}, "
          f"slower {sum(x < 0.995 for x in s)}, range {min(s):.3f}-{max(s):.3f}; below 0.9 of "
          f"cuBLAS: default {sum(x[2] < 0.9 for x in xs)}, candidate {sum(x[3] < 0.9 for x in xs)}")
    for key, sp, d, c in xs:
        print(f"  {key} x{sp:.3f} ({d:.3f} -> {c:.3f})")
