"""Run 28 model variants against run 26-a's 137 timed plans (docs/BENCHMARKS.md run 28).

KEYS: run 26-a's plan numbering (.carry-rt/mosaic-hack2, MOSAIC_HACK_T=1); BIN: a build
whose `modeled` reads the MOSAIC_HACK_* variables (run28-hack-l2.patch).

  KEYS=... BIN=... python3 docs/logs/run28-fit.py docs/logs/hopper-run26-a.txt docs/logs/hopper-run26-a2.txt

Prints, per variant, the mean per-shape Spearman correlation of model and measured time,
the geomean regret (time of the variant's first timed plan over the fastest timed plan),
the worst regret, and how many shapes' first plan was not timed."""
import itertools
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spearman import spearman  # noqa: E402
from importlib import import_module  # noqa: E402

fit26 = import_module("run26-fit")
KEYS = os.environ.get("KEYS", "/tmp/fit/mosaic-hack2")
BIN = os.environ.get("BIN", "/work/main/.carry-rt/mosaic-hack3")
_cache = {}


def ranking(shape, env_extra):
    ck = (shape, tuple(sorted(env_extra.items())))
    if ck not in _cache:
        _cache[ck] = fit26.plan_rows(BIN, shape, env_extra, 120)
    return _cache[ck]


def evaluate(meas, env_extra, verbose=False):
    rhos, regret, untimed, rows = [], [], 0, []
    for shape, tm in sorted(meas.items()):
        fit26.BIN = KEYS
        key_of = {r: key for r, key, _ in fit26.ranking(shape, 1, 0)}
        var = {key: (r, c) for r, key, c in ranking(shape, env_extra)}
        timed = [p for p in tm if key_of.get(p) in var]
        if len(timed) < 2:
            continue
        try:
            rhos.append(spearman([var[key_of[p]][1] for p in timed], [tm[p] for p in timed]))
        except ZeroDivisionError:
            rhos.append(0.0)
        first = min(timed, key=lambda p: var[key_of[p]][0])
        regret.append(tm[first] / min(tm.values()))
        top1 = next(key for r, key, _ in ranking(shape, env_extra) if r == 1)
        miss = top1 not in {key_of[p] for p in timed}
        untimed += miss
        rows.append(f"{shape[0]}x{shape[1]}x{shape[2]}:{regret[-1]:.3f}{'?' if miss else ''}")
    g = math.exp(sum(map(math.log, regret)) / len(regret))
    print(f"{env_extra}: shapes {len(regret)}, mean rho {sum(rhos) / len(rhos):.3f}, geomean "
          f"regret {g:.4f}, worst {max(regret):.3f}, untimed top1 {untimed}")
    if verbose:
        print("   ", " ".join(rows))


if __name__ == "__main__":
    meas = fit26.measured(sys.argv[1:])
    grid = os.environ.get("GRID", "full")
    evaluate(meas, {}, verbose=True)
    for rnd, share, ft in itertools.product(["0", "1", "1.5", "2", "1000"], ["1", "0"],
                                            ["1.0", "1.02", "1.04"]):
        evaluate(meas, {"MOSAIC_HACK_ROUND": rnd, "MOSAIC_HACK_SHARE": share,
                        "MOSAIC_HACK_FT": ft}, verbose=(ft == "1.04"))
