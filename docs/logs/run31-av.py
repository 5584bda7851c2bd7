"""Summary of an `av` log (one build, several flag sets per shape): per shape each flag
set's time, paired ratio to cuBLAS and speedup over the default (no flags); then per flag
set the geomean speedup and counts.  python3 docs/logs/run31-av.py LOG"""
import math, re, sys
cur, res, order = None, {}, []
for line in open(sys.argv[1]):
    m = re.match(r"### bench \((\S+)\) --samples 30 --m (\d+) --n (\d+) --k (\d+) ?(.*)", line)
    if m:
        cur = ("%sx%sx%s" % m.groups()[1:4], m.group(5).strip() or "-")
        continue
    m = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\).*paired ([\d.]+).*\[(\d+) CTAs", line)
    if m and cur:
        if cur[0] not in res:
            order.append(cur[0])
        res.setdefault(cur[0], {})[cur[1]] = (float(m.group(1)), float(m.group(2)), m.group(3))
        cur = None
speed = {}
for s in order:
    d = res[s]
    if "-" not in d:
        continue
    row = [f"{s:16} default {d['-'][0]:7.2f} us {d['-'][1]:.3f} [{d['-'][2]}]"]
    for f, (us, pr, c) in d.items():
        if f != "-":
            r = d["-"][0] / us
            speed.setdefault(f, []).append((r, s))
            row.append(f"{f} {us:7.2f} us {pr:.3f} [{c}] x{r:.3f}")
    print(" | ".join(row))
for f, rs in speed.items():
    v = [r for r, _ in rs]
    g = math.exp(sum(map(math.log, v)) / len(v))
    print(f"{f}: {len(v)} shapes, geomean speedup over default {g:.4f}; faster (>1%) "
          f"{sum(r > 1.01 for r in v)}, level {sum(0.99 <= r <= 1.01 for r in v)}, "
          f"slower {sum(r < 0.99 for r in v)}; range {min(v):.3f}-{max(v):.3f}")
