"""Run 33's 8-CTA cluster sweeps: for decode shapes of M rows and seeded (n, k) (seeded_shapes'
draws with n, k >= 1024, rounded down to multiples of 8), print one `av` line per shape: the
default, and the first plain plan of two 64-row tile rows (split-K free) among the top 40
whose 2 x 4 blocks make 6 to 15 clusters, with `--multicast ab2x4`, with `ab2x2`, and bare.

  [MOSAIC=BUILD] python3 docs/logs/run33-cands.py SEED COUNT [M]     (build: $MOSAIC, default target/release/mosaic)
Run 33 drew its lists with MOSAIC=.carry-rt/mosaic.
"""
import json, os, subprocess, sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from seeded_shapes import draw

seed, count = int(sys.argv[1]), int(sys.argv[2])
rows = int(sys.argv[3]) if len(sys.argv) > 3 else 128
done = 0
for _, n, k in draw(seed, 400):
    n, k = n // 8 * 8, k // 8 * 8
    if n < 1024 or k < 1024:
        continue
    out = subprocess.run([os.environ.get("MOSAIC", "target/release/mosaic"), "plans", "gemm", "--m", str(rows), "--n", str(n),
                          "--k", str(k), "--target", "sm_90a", "--top", "40", "--json"],
                         capture_output=True, text=True).stdout
    pick = None
    for e in json.loads(out)["plans"]:
        p = e["plan"]
        t = p["cta_tile"]
        if p["worker_threads"] != 128 or p["transposed"] or p["split_k"] != 1 or t[0] != 64:
            continue
        clusters = -(-(-(-n // t[1])) // 4)
        if 6 <= clusters <= 15:
            pick = e["rank"]
            break
    if pick is None:
        continue
    sets = ["-", f"--plan {pick} --multicast ab2x4", f"--plan {pick} --multicast ab2x2", f"--plan {pick}"]
    print(f'  av mosaic "{"|".join(sets)}" --m {rows} --n {n} --k {k}')
    done += 1
    if done == count:
        break
