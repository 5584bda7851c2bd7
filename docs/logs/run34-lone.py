"""Run 34-g: seeded shapes above 128 rows whose default sm_90a kernel (`$MOSAIC`) is a plain
lone grid (not transposed, not persistent, no split-K, one CTA per tile, at most 132 CTAs)
of at least two tile rows and two tile columns, whose tiles padded to 2 x 2 blocks fit 120
CTAs, with N and K multiples of 8 (16-byte pitches: the wgmma path), K above 1536 and A's rows or B's rows straddling 32-byte sectors; printed with
which operand straddles and the default's multicast line.

  MOSAIC=.carry-rt/mosaic-r34b [WHOLE=1] [SHORT_K=1] python3 docs/logs/run34-lone.py SEED N [EXTRA...]

Reads `plans --json` (plan 1 is the default kernel). Runs 34-g and 34-i drew their lists
with an earlier version that parsed `compile`'s text and let transposed defaults through;
those were dropped by hand (34-g: three), and this version prints the rest in the same
order (for seed 125 the first 17 lines are 34-g's 17 shapes).

WHOLE=1 takes shapes whose rows are all whole sectors instead; SHORT_K=1 K of 512 to 1536
instead of above 1536 (run 34-i).
"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seeded_shapes import draw

seed, want, extra = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
eb = 2
shown = 0
for m, n, k in draw(seed, 3000):
    short_k = os.environ.get("SHORT_K") == "1"
    if m <= 128 or n % 8 or k % 8 or (not 512 <= k <= 1536 if short_k else k <= 1536):
        continue
    a_st, b_st = k * eb % 32 != 0, n * eb % 32 != 0
    if "--b-layout" in extra:
        b_st = a_st
    if (a_st or b_st) == (os.environ.get("WHOLE") == "1"):
        continue
    out = subprocess.run([os.environ["MOSAIC"], "plans", "gemm", "--m", str(m), "--n", str(n),
                          "--k", str(k), "--target", "sm_90a", "--top", "1", "--json", *extra],
                         capture_output=True, text=True).stdout
    if not out:
        continue
    e = json.loads(out)["plans"][0]
    p, c = e["plan"], e["kernel"]["grid"][0]
    gm, gn = -(-m // p["cta_tile"][0]), -(-n // p["cta_tile"][1])
    if p["transposed"] or p["split_k"] > 1 or p["persistent"] or p["stream_k"]:
        continue
    if gm < 2 or gn < 2 or c > 132 or (gm + 1) // 2 * 2 * ((gn + 1) // 2 * 2) > 120:
        continue
    mc = ("B shared by a %d-CTA cluster along m" % p["multicast"]) if p["multicast"] > 1 else "none"
    print(f"{m}x{n}x{k}", "A" if a_st else "-", "B" if b_st else "-", c, mc)
    shown += 1
    if shown == want:
        break
