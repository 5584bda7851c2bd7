"""Spearman rank correlation between a model and measured TFLOP/s over run 14-b's 27 tf32
plans (pure wgmma, and heterogeneous: FFMA columns beside wgmma), per shape and pooled (each
plan as a fraction of its shape's best, model and measured alike).

Run 14-b benched `--ratio R --plan N` with the binary it carried; which plan that was is
read from hopper-rank-plans-14b.txt (written by `--list BENCHED`, with that binary). A
model's figure for a plan is looked up by configuration (CTA tile, warpgroups, stages,
regions and their instructions, multicast, persistence) in that model's ranking at ratio R
(or, where the model's ILP picks other extents at R, at the other ratios tried).
    python3 docs/logs/hopper-rank-14.py [MOSAIC]          # the model of MOSAIC (default:
                                                          # ./target/release/mosaic)
    python3 docs/logs/hopper-rank-14.py --list BENCHED    # rewrite the plan list
    python3 docs/logs/hopper-rank-14.py --locate MOSAIC   # run 14-b's plans as MOSAIC numbers them"""
import json
import os
import re
import subprocess
import sys

d = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, d)
from spearman import spearman  # noqa: E402

# Run 14-c (H200) timed the same configurations with the final binary's plan numbers:
# `RUN=c` reads hopper-run14-c.txt and hopper-rank-plans-14c.txt instead.
RUN = os.environ.get("RUN", "b")
LOG = os.path.join(d, f"hopper-run14-{RUN}.txt")
PLANS = os.path.join(d, f"hopper-rank-plans-14{RUN}.txt")
RATIOS = ["0", "0.03", "0.05", "0.07", "0.08", "0.1", "0.12", "0.15", "0.25"]


def ranking(mosaic, shape, ratio, top):
    m, n, k = shape.split()
    out = subprocess.run(
        [mosaic, "plans", "gemm", "--m", m, "--n", n, "--k", k, "--dtype", "tf32",
         "--b-layout", "col", "--target", "sm_90a", "--ratio", ratio, "--top", str(top),
         "--json"], capture_output=True, text=True, check=True).stdout
    return [p["plan"] for p in json.loads(out)["plans"]]


def key(p):
    regions = ";".join(f'{r["lo"]}{r["hi"]}{json.dumps(r["piece"]["itex"]["instruction"])}'
                       for r in p["regions"])
    return (f'{p["cta_tile"]} {p["workers"]} s{p["stages"]} k{p["split_k"]} m{p["multicast"]} '
            f'p{p["persistent"]} sk{p["stream_k"]} t{p["transposed"]} {regions}')


def benched():
    key_, out = None, []
    for line in open(LOG):
        m = re.match(r"### rank (\d+ \d+ \d+) (\S+) (\d+)", line)
        if m:
            key_ = m.groups()
        elif key_ and "mosaic" in line:
            t = float(re.search(r"mosaic ([\d.]+) TFLOP/s", line).group(1))
            out.append((*key_, t))
            key_ = None
    return out


if len(sys.argv) > 2 and sys.argv[1] == "--locate":
    # The `--ratio R --plan N` that give each run-14-b configuration with binary argv[2].
    for line in open(os.path.join(d, "hopper-rank-plans-14b.txt")):
        shape, ratio, _, k = line.rstrip("\n").split("|")
        for r in [ratio] + [x for x in RATIOS if x != ratio]:
            keys = [key(p) for p in ranking(sys.argv[2], shape, r, 1000)]
            if k in keys:
                print(f'"{shape}" "{r} {keys.index(k) + 1}"')
                break
        else:
            raise SystemExit(f"{shape}: {k} not found")
    sys.exit(0)

if len(sys.argv) > 2 and sys.argv[1] == "--list":
    with open(PLANS, "w") as f:
        for shape, ratio, plan, _ in benched():
            p = ranking(sys.argv[2], shape, ratio, int(plan))[int(plan) - 1]
            f.write(f"{shape}|{ratio}|{plan}|{key(p)}\n")
    sys.exit(0)

mosaic = sys.argv[1] if len(sys.argv) > 1 else "./target/release/mosaic"
configs = {}
for line in open(PLANS):
    shape, ratio, plan, k = line.rstrip("\n").split("|")
    configs[(shape, ratio, plan)] = k
cache = {}


def modeled(shape, ratio, k):
    for r in [ratio] + [x for x in RATIOS if x != ratio]:
        if (shape, r) not in cache:
            cache[(shape, r)] = {key(p): p["modeled"]["tflops"]
                                 for p in ranking(mosaic, shape, r, 1000)}
        if k in cache[(shape, r)]:
            return cache[(shape, r)][k]
    raise SystemExit(f"{shape}: no plan {k} in the model's rankings")


rows = {}
for shape, ratio, plan, t in benched():
    k = configs[(shape, ratio, plan)]
    rows.setdefault(shape, []).append((modeled(shape, ratio, k), t, ratio, plan, k))
pm, pt = [], []
for shape, rs in rows.items():
    print(f"{shape}: Spearman {spearman([r[0] for r in rs], [r[1] for r in rs]):.3f} over {len(rs)} plans")
    for mod, t, ratio, plan, k in rs:
        what = re.sub(r'\{"Wgmma": \{"n": (\d+)[^}]*\}\}', r"wgmma n\1", k)
        what = re.sub(r"\[\d+, \d+, \d+\]\[\d+, \d+, \d+\]", "", what).replace('"Ffma"', "ffma")
        print(f"   ratio {ratio:>4} plan {plan}: modeled {mod:6.1f}  measured {t:6.1f}  {what}")
    bm, bt = max(r[0] for r in rs), max(r[1] for r in rs)
    pm += [r[0] / bm for r in rs]
    pt += [r[1] / bt for r in rs]
print(f"pooled: Spearman {spearman(pm, pt):.3f} over {len(pm)} plans")
