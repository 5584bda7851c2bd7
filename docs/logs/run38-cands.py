"""Run 38's candidate finder: for fresh decode shapes (seeded, M drawn from MS, N and K >= 1024
and multiples of 8), the default's kind and the rank of the first transposed split-K 2 plan
and the first transposed plan without split-K, as `av` lines for a device script.
  BIN=... python3 docs/logs/run38-cands.py SEED COUNT [MS]   (MS: comma list, default 65..127)"""
import os, random, re, subprocess, sys
sys.path.insert(0, os.path.dirname(__file__))
from seeded_shapes import draw

def plans(m, n, k, extra=(), bin=None):
    """The first 40 ranked plans of build `bin` (default $BIN) as dicts: rank, tile, t
    (transposed), split, mc (multicast), ctas, wg (consumer warpgroups)."""
    out = subprocess.run([bin or os.environ.get("BIN", "target/release/mosaic"), "plans", "gemm", "--m", str(m),
                          "--n", str(n), "--k", str(k), "--target", "sm_90a", "--top", "40", *extra],
                         capture_output=True, text=True).stdout
    ps = re.split(r"\nplan (\d+) ", out)[1:]
    res = []
    for i in range(0, len(ps), 2):
        body = ps[i + 1]
        tile = re.search(r"cta +(\d+x\d+)x", body).group(1)
        sk = re.search(r"split-K +(\d+)", body)
        grid = re.search(r"grid (\d+)x", re.search(r"kernel.*", body).group(0)).group(1)
        res.append(dict(rank=int(ps[i]), tile=tile, t="transpose" in body, split=int(sk.group(1)) if sk else 1,
                        mc="multicast" in body, ctas=int(grid),
                        wg=int((re.search(r"(\d+) warpgroups?\b", body) or [0, 0])[1])))
    return res

def describe(p):
    return f"{'T' if p['t'] else ''}{p['tile']}{' sk%d' % p['split'] if p['split'] > 1 else ''}{' mc' if p['mc'] else ''} {p['ctas']}"

if __name__ == "__main__":
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    ms = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 else list(range(65, 128))
    rnd = random.Random(seed * 7 + 1)
    for (_, n, k) in draw(seed, count):
        if n < 1024 or k < 1024 or n % 8 or k % 8:
            continue
        m = rnd.choice(ms)
        ps = plans(m, n, k)
        first = ps[0]
        tsk = next((p for p in ps if p["t"] and p["split"] == 2), None)
        t1 = next((p for p in ps if p["t"] and p["split"] == 1), None)
        print(f"# {m}x{n}x{k}: default {describe(first)}; T sk2 {tsk and (tsk['rank'], describe(tsk))}; T {t1 and (t1['rank'], describe(t1))}")

def av_lines(seed, count, ms, pick, extra=()):
    """`av` lines timing the default against the plan `pick(plans)` returns (or None)."""
    rnd = random.Random(seed * 7 + 1)
    lines = []
    for (_, n, k) in draw(seed, count):
        if n < 1024 or k < 1024 or n % 8 or k % 8:
            continue
        m = rnd.choice(ms)
        ps = plans(m, n, k, extra)
        alt = pick(ps)
        if alt:
            lines.append(f"av mosaic-38 \"-|--plan {alt['rank']}\" --m {m} --n {n} --k {k} {' '.join(extra)}".rstrip()
                         + f"   # {describe(ps[0])} -> {describe(alt)}")
    return lines
