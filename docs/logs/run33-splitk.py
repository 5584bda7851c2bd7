"""Run 33-h: seeded decode shapes (rows 80/96/112/128, n and k as drawn, rounded down to
multiples of 8) whose A rows straddle 32-byte sectors, K > 1536, where the default plan
(target/release/mosaic) is split-K and a plain two-row grid of 64-row tiles (split-K free,
40 to 120 CTAs padded to 2 x 2 blocks) is ranked: one `av` line each, the default against
that plan with `--multicast ab`.

  [MOSAIC=BUILD] python3 docs/logs/run33-splitk.py SEED N [EXTRA...]
Run 33 drew its lists with MOSAIC=.carry-rt/mosaic-r33.
"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw
extra = sys.argv[3:]
for m, n, k in draw(int(sys.argv[1]), int(sys.argv[2])):
    m, n, k = 16 * (5 + m % 4), n // 8 * 8, k // 8 * 8
    if k <= 1536 or k * 2 % 32 == 0:
        continue
    out = subprocess.run([os.environ.get("MOSAIC", "target/release/mosaic"), "plans", "gemm", "--m", str(m), "--n", str(n), "--k",
                          str(k), "--target", "sm_90a", "--top", "40", "--json", *extra],
                         capture_output=True, text=True).stdout
    plans = json.loads(out)["plans"]
    if plans[0]["plan"]["split_k"] == 1:
        continue
    for e in plans:
        p = e["plan"]
        t = p["cta_tile"]
        if (p["worker_threads"] == 128 and not p["transposed"] and p["split_k"] == 1
                and t[0] == 64 and t[1] % 64 == 0
                and 40 <= 2 * -(-(-(-n // t[1])) // 2) * 2 <= 120):
            x = " " + " ".join(extra) if extra else ""
            print(f'av mosaic-r33 "-|--plan {e["rank"]} --multicast ab" --m {m} --n {n} --k {k}{x}')
            break
