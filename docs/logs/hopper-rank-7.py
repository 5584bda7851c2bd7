"""Spearman rank correlation between the final run-7 model and measured TFLOP/s, over every
plan timed in runs 7-b, 7-c and 7-d (same kernels: the code generator did not change for
these plans after 7-b). Plans are matched by configuration (CTA tile, consumer warpgroups,
split-K, transposed, grid, kernel stages), with the model figures of the final binary in
hopper-model-final-7.txt, or another listing of hopper-model-listing.sh given as the first
argument.        python3 docs/logs/hopper-rank-7.py [hopper-model-8.txt]"""
import os
import re
import sys

d = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, d)
from spearman import spearman  # noqa: E402


def configs(name):
    out = {}
    for line in open(os.path.join(d, name)):
        f = line.split()
        if len(f) < 9:
            continue
        shape, plan = f[0], int(f[1])
        key = " ".join(f[2:line.split().index("model")])
        out[(shape, plan)] = (key, float(f[-1]) if f[-1] != "model" else None)
    return out


def key_norm(k):
    # 7-b listings have no transposed column: add "-".
    f = k.split()
    if f[3] not in ("T", "-"):
        f.insert(3, "-")
    return " ".join(f)


final = {}
model_file = sys.argv[1] if len(sys.argv) > 1 else "hopper-model-final-7.txt"
for (shape, _), (k, m) in configs(os.path.basename(model_file)).items():
    final[(shape, key_norm(k))] = m

runs = [("hopper-run7-b.txt", "hopper-rank-plans-7b.txt"),
        ("hopper-run7-c.txt", "hopper-transposed-plans-7c.txt"),
        ("hopper-run7-d.txt", "hopper-rank-plans-7d.txt")]
meas = {}
for log, plans in runs:
    cfg = configs(plans)
    key = None
    for line in open(os.path.join(d, log)):
        m = re.match(r"### rank (\S+) plan (\d+)", line)
        if m:
            key = (m.group(1), int(m.group(2)))
        elif key and "mosaic" in line:
            t = float(re.search(r"mosaic ([\d.]+) TFLOP/s", line).group(1))
            meas[(key[0], key_norm(cfg[key][0]))] = t
            key = None




pooled_m, pooled_t, total = [], [], 0
for shape in sorted({s for s, _ in meas}):
    ks = [k for k in meas if k[0] == shape and k in final]
    missing = [k for k in meas if k[0] == shape and k not in final]
    a = [final[k] for k in ks]
    b = [meas[k] for k in ks]
    pick = max(ks, key=lambda k: final[k])
    best = max(ks, key=lambda k: meas[k])
    total += len(ks)
    print(f"{shape}: {len(ks)} plans (+{len(missing)} outside the final top 40), Spearman {spearman(a, b):.3f}; "
          f"model's pick {meas[pick]:.1f} TFLOP/s ({pick[1]}), best measured {meas[best]:.1f} ({best[1]})")
    pooled_m += [x / max(a) for x in a]
    pooled_t += [y / max(b) for y in b]
print(f"all: {total} plans over {len({s for s, _ in meas})} shapes, pooled Spearman of per-shape fractions {spearman(pooled_m, pooled_t):.3f}")
