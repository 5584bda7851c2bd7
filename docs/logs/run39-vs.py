"""Run 39 (and 41, whose `--l2-prefetch` and `--k-pair` count as variant flags too): summary of `vs` logs (several builds and flag sets per shape): each shape's rows as
build:flags, time, paired ratio to cuBLAS, and speedup over the base build's unflagged row
($BASE, default mosaic-39); then per variant the geomean speedup, faster / slower counts.
  [BASE=mosaic-39] python3 docs/logs/run39-vs.py LOG"""
import math, os, re, sys

base_name = os.environ.get("BASE", "mosaic-39")
lines = open(sys.argv[1]).read().split("\n")
rows = {}
for i, l in enumerate(lines[:-1]):
    m = re.match(r"### bench \((\S+)\) --samples 30 (--m \d+ --n \d+ --k \d+)\s*(.*)", l)
    r = m and re.search(r"\(([\d.]+) us\), cuBLAS .*paired ([\d.]+)", lines[i + 1])
    if not r:
        continue
    args, flags = m[2], m[3]
    plain = re.sub(r"--(plan|multicast|stages|l2-prefetch|k-pair) \S+", "", flags).split()
    key = " ".join([args.replace("--m ", "").replace(" --n ", "x").replace(" --k ", "x"), *plain])
    var = re.sub(r"--plan \d+ ?", "", " ".join(f for f in flags.split() if f not in plain))
    rows.setdefault(key, []).append((f"{m[1].replace('mosaic-', '')}:{var.strip() or '-'}", float(r[1]), float(r[2])))
speed = {}
for key, v in rows.items():
    base = next((t for n, t, _ in v if n == base_name.replace("mosaic-", "") + ":-"), None)
    if base is None:
        continue
    print(key, " | ".join(f"{n} {t:.2f}us {p:.3f} x{base / t:.3f}" for n, t, p in sorted(v)))
    for n, t, _ in v:
        speed.setdefault(n, []).append(base / t)
for n, s in sorted(speed.items()):
    g = math.exp(sum(map(math.log, s)) / len(s))
    print(f"{n:32s} {len(s)} shapes, geomean x{g:.3f}, faster {sum(x > 1.005 for x in s)}, slower {sum(x < 0.995 for x in s)}, range {min(s):.3f}-{max(s):.3f}")
