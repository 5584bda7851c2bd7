"""Run 26-a fits (docs/BENCHMARKS.md run 26).

BIN: a build of 12bd4e6 with docs/logs/run26-hack-kstep.patch applied (carried as
.carry-rt/mosaic-hack2 in 26-a).

  BIN=... python3 docs/logs/run26-fit.py docs/logs/hopper-run26-a.txt docs/logs/hopper-run26-a2.txt

Prints, for k-step cost variants (A * kstep + B), the mean per-shape Spearman rank
correlation of model and measured time and the geomean regret (time of the model's first
timed plan over the fastest timed plan); then the same regret with transposed plans above
128 rows off (None) or charged a factor fT."""
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spearman import spearman  # noqa: E402

BIN = os.environ.get("BIN", "/work/main/.carry-rt/mosaic-hack2")
VARIANTS = [(1, 0), (1.1, 0), (1.2, 0), (1.3, 0), (1, 100), (1, 200), (1, 300), (1.05, 150),
            (1.09, 150), (1.1, 200), (1.15, 100), (1.2, 100), (1.1, 300)]
FACTORS = [None, 1.0, 1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.08]
_cache = {}


def plan_rows(binary, shape, env, top):
    """[(rank, plan key, modeled cycles)] of BINARY's top TOP plans at SHAPE (f16, sm_90a),
    with the variables ENV set."""
    m, n, k = shape
    out = subprocess.run([binary, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                          "--target", "sm_90a", "--top", str(top), "--json"],
                         env=dict(os.environ, **env), capture_output=True, text=True,
                         check=True).stdout
    rows = []
    for p in json.loads(out)["plans"]:
        q = p["plan"]
        key = (tuple(q["cta_tile"]), tuple(q["workers"]), q["stages"], q["split_k"],
               q["multicast"], q["transposed"], q["persistent"], q["stream_k"])
        rows.append((p["rank"], key, q["modeled"]["cycles"]))
    return rows


def ranking(shape, a, b):
    """[(rank, plan key, modeled cycles)] of the top 80 plans under k-step cost A * kstep + B."""
    if (shape, a, b) not in _cache:
        env = {"MOSAIC_HACK_T": "1", "MOSAIC_HACK_A": str(a), "MOSAIC_HACK_B": str(b)}
        _cache[(shape, a, b)] = plan_rows(BIN, shape, env, 80)
    return _cache[(shape, a, b)]


def measured(paths):
    """{shape: {plan index under (A, B) = (1, 0): mosaic us}} from the `fit` lines."""
    meas = {}
    for path in paths:
        for line in open(path):
            mm = re.match(r"fit (\d+) (\d+) (\d+) p(\d+) \S+ .*mosaic [\d.]+ TFLOP/s \(([\d.]+) us\)",
                          line)
            if mm:
                m, n, k, p = map(int, mm.groups()[:4])
                meas.setdefault((m, n, k), {})[p] = float(mm.group(5))
    return meas


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def kstep_variants(meas):
    for a, b in VARIANTS:
        rhos, regret, untimed = [], [], 0
        for shape, tm in sorted(meas.items()):
            key_of = {r: key for r, key, _ in ranking(shape, 1, 0)}
            var = {key: (r, c) for r, key, c in ranking(shape, a, b)}
            timed = [p for p in tm if key_of[p] in var]
            try:
                rhos.append(spearman([var[key_of[p]][1] for p in timed], [tm[p] for p in timed]))
            except ZeroDivisionError:  # every plan modeled (or timed) alike
                rhos.append(0.0)
            first = min(timed, key=lambda p: var[key_of[p]][0])
            regret.append(tm[first] / min(tm.values()))
            top1 = next(key for r, key, _ in ranking(shape, a, b) if r == 1)
            untimed += top1 not in {key_of[p] for p in timed}
        print(f"a={a} b={b}: mean rho {sum(rhos) / len(rhos):.3f}, geomean regret "
              f"{geomean(regret):.4f}, worst {max(regret):.3f}, untimed top1 {untimed}")


def transposed_factors(meas):
    for f in FACTORS:
        regret, untimed, rows = [], 0, []
        for shape, tm in sorted(meas.items()):
            best = None
            for r, key, c in ranking(shape, 1, 0):
                if key[5] and f is None:
                    continue
                cc = c * (f if key[5] and shape[0] > 128 else 1)
                if best is None or cc < best[0] - 1e-9:
                    best = (cc, r)
            p = best[1]
            if p not in tm:
                untimed += 1
                rows.append(f"untimed:{p}")
                continue
            regret.append(tm[p] / min(tm.values()))
            rows.append(f"{p}:{round(regret[-1], 3)}")
        print("fT", f, "geomean regret %.4f" % geomean(regret), "untimed", untimed, " ".join(rows))


if __name__ == "__main__":
    meas = measured(sys.argv[1:])
    kstep_variants(meas)
    transposed_factors(meas)
