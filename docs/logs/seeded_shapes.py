"""The seeded random GEMM shapes the sweep scripts draw (runs 26 to 31), in one place so that a
seed gives the same shapes in every script: each of m, n, k is 2^U(8, 13.2), rounded down to
a multiple of 8 (at least 8) with probability 0.7.

  from seeded_shapes import draw; shapes = draw(SEED, N)   # [(m, n, k), ...]
"""
import random


def _dim(lo, hi):
    """One extent 2^U(lo, hi), rounded down to a multiple of 8 (at least 8) with probability
    0.7: the draw [`draw`] and [`draw_short_k`] share."""
    v = int(2 ** random.uniform(lo, hi))
    return v if random.random() < 0.3 else max(8, v // 8 * 8)


def draw(seed, n):
    """The first `n` shapes `(m, n, k)` of `seed` (reseeds the `random` module)."""
    random.seed(seed)

    def shape():
        random.random()
        return _dim(8, 13.2), _dim(8, 13.2), _dim(8, 13.2)

    return [shape() for _ in range(n)]


def draw_short_k(seed, n):
    """The first `n` short-k shapes `(m, n, k)` of `seed`: m and n 2^U(8, 13.2), k 2^U(7,
    9.4), each rounded as [`draw`] rounds (run 47-f; reseeds the `random` module)."""
    random.seed(seed)
    return [(_dim(8, 13.2), _dim(8, 13.2), _dim(7, 9.4)) for _ in range(n)]


def print_ptx_diffs(shapes, first_plan=False):
    """Print each shape `(m, n, k)` whose default sm_90a kernel differs between the builds
    `$A` and `$B` (`compile` output less its modeled-figure lines, with `$EXTRA` flags), with
    both hashes; returns how many differ. Two compiles at a time. With `first_plan`, the
    first ranked plan instead (`plans --top 1`, less its modeled figures; run 37)."""
    import hashlib, os, subprocess
    from concurrent.futures import ThreadPoolExecutor
    a_build, b_build = os.environ["A"], os.environ["B"]
    extra = os.environ.get("EXTRA", "").split()

    def h(b, m, n, k):
        what = ["plans", "gemm", "--top", "1"] if first_plan else ["compile", "gemm", "-o", "/dev/stdout"]
        p = subprocess.run([b, *what, "--m", str(m), "--n", str(n), "--k", str(k),
                            "--target", "sm_90a", *extra], capture_output=True, text=True)
        if p.returncode:
            return "ERR" + p.stderr[:80]
        kept = (l for l in p.stdout.splitlines() if "cycles" not in l and "TFLOP/s" not in l)
        return hashlib.md5("\n".join(kept).encode()).hexdigest()

    def job(s):
        return s, h(a_build, *s), h(b_build, *s)

    n = 0
    with ThreadPoolExecutor(2) as ex:
        for s, a, b in ex.map(job, shapes):
            if a != b:
                n += 1
                print("%dx%dx%d" % s, a[:6], b[:6], flush=True)
    return n


def ranked_plans(binary, m, n, k, dtype="f16", top=12):
    """The first `top` plans `binary` (a mosaic build) ranks for the sm_90a GEMM m x n x k of
    `dtype`, parsed from `plans` text: per plan its rank `i`, `tile` (m, n of the CTA tile),
    consumer warpgroups `wg` (0 for a warp-level plan), the warpgroup `box` (m, n; None for a
    warp-level plan), kernel grid `ctas`, `split` (k-splits), `transposed`, `mcast` (any TMA
    multicast), `block8` (an 8-CTA cluster of 4 x 2 tiles), `persistent`, modeled `cycles`,
    the binding `bound` and `cps` (CTAs per SM). Runs 41-d, 42-e, 43-b."""
    import re, subprocess
    out = subprocess.run([binary, "plans", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                          "--dtype", dtype, "--target", "sm_90a", "--top", str(top)],
                         capture_output=True, text=True).stdout
    ps = []
    for block in re.split(r"\n(?=plan \d+ )", out):
        h = re.match(r"plan (\d+) ", block)
        if not h:
            continue
        tile = re.search(r"cta\s+(\d+)x(\d+)x\d+ tile, (\d+) warp(group)?s", block)
        box = re.search(r"warpgroup (\d+)x(\d+)x", block)
        ctas = re.search(r"kernel\s+mosaic_gemm grid (\d+)x", block)
        split = re.search(r"split-K\s+(\d+) k-splits", block)
        model = re.search(r"model\s+([\d.e+]+) cycles, [\d.]+ TFLOP/s, bound by (\S+), (\d+) CTA/SM", block)
        ps.append(dict(i=int(h[1]), tile=(int(tile[1]), int(tile[2])),
                       wg=int(tile[3]) if tile[4] else 0,
                       box=(int(box[1]), int(box[2])) if box else None,
                       ctas=int(ctas[1]) if ctas else 0, split=int(split[1]) if split else 1,
                       transposed="transpose computes" in block, mcast="multicast" in block,
                       block8="8-CTA cluster of 4 x 2" in block, persistent="persistent" in block,
                       cycles=float(model[1]), bound=model[2], cps=int(model[3])))
    return ps


def plan_times(paths, build):
    """Times from `bench` logs (run 28's `bx`, run 34's `vs`): `{(m, n, k, dtype): {plan:
    (mosaic_us, cublas_us)}}` over the bench lines of `build` (a `.carry-rt` name) whose only
    flags are `--plan` (default 1) and `--dtype` (default f16); other flags (layouts,
    `--tma-store`, ...) are another kernel and skipped. Runs 46-c, 46-d."""
    import re
    out, cur = {}, None
    for path in paths:
        for l in open(path):
            h = re.match(r"### bench \((\S+)\) --samples \d+ --m (\d+) --n (\d+) --k (\d+)\s*(.*)", l)
            if h:
                rest = re.sub(r"--(plan|dtype) \S+", "", h[5]).strip()
                p, d = re.search(r"--plan (\d+)", h[5]), re.search(r"--dtype (\S+)", h[5])
                ok = h[1] == build and not rest
                cur = ((int(h[2]), int(h[3]), int(h[4]), d[1] if d else "f16"), int(p[1]) if p else 1) if ok else None
                continue
            r = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\), cuBLAS [\d.]+ TFLOP/s \(([\d.]+) us\)", l)
            if r and cur:
                out.setdefault(cur[0], {})[cur[1]] = (float(r[1]), float(r[2]))
                cur = None
    return out
