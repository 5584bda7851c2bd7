"""Spearman rank correlation between modeled and measured TFLOP/s of the ranked plans of run 7-b.
    python3 docs/logs/hopper-rank-7b.py    (reads hopper-rank-plans-7b.txt and hopper-run7-b.txt)"""
import os
import re
import sys
d = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, d)
from spearman import spearman  # noqa: E402
model = {}
for line in open(os.path.join(d, "hopper-rank-plans-7b.txt")):
    f = line.split()
    model[(f[0], int(f[1]))] = float(f[-1])
meas, key = {}, None
for line in open(os.path.join(d, "hopper-run7-b.txt")):
    m = re.match(r"### rank (\S+) plan (\d+)", line)
    if m:
        key = (m.group(1), int(m.group(2)))
    elif key and "mosaic" in line:
        meas[key] = float(re.search(r"mosaic ([\d.]+) TFLOP/s", line).group(1))
        key = None
for shape in sorted({k[0] for k in meas}):
    ks = sorted(k for k in meas if k[0] == shape)
    a = [model[k] for k in ks]; b = [meas[k] for k in ks]
    best = max(ks, key=lambda k: meas[k])
    print(f"{shape}: {len(ks)} plans, Spearman {spearman(a, b):.3f}; model's pick {meas[ks[0]]:.1f} TFLOP/s, best measured plan {best[1]} at {meas[best]:.1f}")
allk = sorted(meas)
print(f"both: {len(allk)} plans, Spearman within shapes pooled by ratio to the shape's best:",
      f"{spearman([model[k] / max(model[j] for j in allk if j[0] == k[0]) for k in allk], [meas[k] / max(meas[j] for j in allk if j[0] == k[0]) for k in allk]):.3f}")
