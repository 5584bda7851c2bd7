"""Run 28: which f16 defaults (row-major B) a model variant moves, at seeded random shapes.

  python3 docs/logs/run28-sweep.py SEED N      (BASE, VAR binaries; VARIANTS env sets)

BASE is the base build; VAR a build reading MOSAIC_HACK_* (run28-hack-l2.patch) or the
final build (VARIANTS='{}'). Prints each shape whose default differs from BASE's under a
variant, and the count per variant. Shapes are drawn as in run26-sweep.py."""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw  # noqa: E402

N = int(sys.argv[2])
BASE = os.environ.get("BASE", "/work/main/.carry-rt/mosaic-base")
VAR = os.environ.get("VAR", "/work/main/.carry-rt/mosaic-hack3")
# Extra `plans` arguments (dtype, B layout), e.g. EXTRA="--dtype tf32 --b-layout col".
EXTRA = os.environ.get("EXTRA", "").split()
VARIANTS = json.loads(os.environ.get(
    "VARIANTS", '[{"MOSAIC_HACK_ROUND": "1000", "MOSAIC_HACK_FT": "1.0"},'
                ' {"MOSAIC_HACK_ROUND": "1000", "MOSAIC_HACK_FT": "1.02"}]'))

shapes = draw(int(sys.argv[1]), N)


def key(b, env, m, n, k):
    p = subprocess.run([b, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                        "--target", "sm_90a", "--top", "1", "--json", *EXTRA],
                       capture_output=True, text=True, env=dict(os.environ, **env))
    if p.returncode:
        return "ERR"
    q = json.loads(p.stdout)["plans"][0]["plan"]
    return "%dx%d w%dx%d s%d sk%d mc%d %s%s" % (
        q["cta_tile"][0], q["cta_tile"][1], *q["workers"], q["stages"], q["split_k"],
        q["multicast"], "T" if q["transposed"] else "-", "SK" if q["stream_k"] else "")


def job(s):
    return s, key(BASE, {}, *s), [key(VAR, v, *s) for v in VARIANTS]


moved = [0] * len(VARIANTS)
with ThreadPoolExecutor(2) as ex:
    for s, a, bs in ex.map(job, shapes):
        flags = ["*" if b != a else " " for b in bs]
        for i, b in enumerate(bs):
            moved[i] += b != a
        if any(b != a for b in bs):
            print("%dx%dx%d" % s, "|", a, "|", " | ".join(f + b for f, b in zip(flags, bs)),
                  flush=True)
print("moved", moved, "of", N)
