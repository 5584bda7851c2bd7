"""Run 40: `mosaic simulate` (CPU, no GPU) over seeded random shapes: the default kernel of
each (plan 1, auto options), as `mosaic compile` writes it, checked against the exact
reference. Decode shapes (M 1-128) and general ones, f16 mostly, bf16, tf32, all layouts,
ragged sizes (not multiples of 8) 30% of the time; at most 2^28 multiply-adds each.

  BIN=target/release/mosaic python3 docs/logs/run40-simsweep.py SEED N [JOBS]
"""
import os, random, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

seed, n = int(sys.argv[1]), int(sys.argv[2])
jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 1
random.seed(seed)


def d(lo, hi):
    v = int(2 ** random.uniform(lo, hi))
    return v if random.random() < 0.3 else max(8, v // 8 * 8)


cases = []
while len(cases) < n:
    if random.random() < 0.6:
        m = random.choice([random.randint(1, 16), random.randint(17, 128), 128, 16])
        nn, k = d(8, 13), d(8, 13)
    else:
        m, nn, k = d(6, 11), d(6, 11), d(6, 11)
    if m * nn * k > 2 ** 28:
        continue
    dt = random.choice(["f16"] * 4 + ["bf16", "tf32"])
    al, bl = random.choice(["row", "row", "col"]), random.choice(["row", "col"])
    beta = random.choice(["0", "0", "1", "-1"])
    cases.append((m, nn, k, dt, al, bl, beta))


def run(c):
    m, nn, k, dt, al, bl, beta = c
    args = [os.environ.get("BIN", "target/release/mosaic"), "simulate", "gemm", "--m", str(m),
            "--n", str(nn), "--k", str(k), "--dtype", dt, "--a-layout", al, "--b-layout", bl,
            "--target", "sm_90a", "--alpha", "2", "--beta", beta, "--seed", str(seed)]
    t = time.time()
    p = subprocess.run(args, capture_output=True, text=True)
    kern = next((l.strip() for l in p.stdout.splitlines() if l.strip().startswith("cta")), "")
    verdict = "ok" if p.returncode == 0 else "FAIL " + p.stderr.strip()[:300]
    return "%dx%dx%d %s A %s B %s beta %s | %s | %.1f s | %s" % (m, nn, k, dt, al, bl, beta, kern, time.time() - t, verdict)


with ThreadPoolExecutor(jobs) as ex:
    for line in ex.map(run, cases):
        print(line, flush=True)
