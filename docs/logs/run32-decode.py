"""Run 32: decode shapes (M = 128) and the plain ranked plans of 64-row tiles in two tile rows
among the first five, whose B could be shared across the pair (TMA multicast, as cuBLAS's
1x2 / 4x2 clusters do there): prints `SHAPE PLAN` per such plan.

  MOSAIC=target/release/mosaic python3 docs/logs/run32-decode.py M NxK...
"""
import os, re, subprocess, sys
M = os.environ.get("MOSAIC", "target/release/mosaic")
m = sys.argv[1]
for nk in sys.argv[2:]:
    n, k = nk.split("x")
    out = subprocess.run([M, "plans", "gemm", "--m", m, "--n", n, "--k", k, "--target", "sm_90a"],
                         capture_output=True, text=True).stdout
    for block in out.split("\nplan ")[1:]:
        p = int(block.split()[0])
        g = re.search(r"grid\s+(\d+) x (\d+) CTA", block); c = re.search(r"cta\s+(\d+)x(\d+)x", block)
        if "transpose" in block or "split-K" in block or not g or int(g[1]) != 2 or c[1] != "64":
            continue
        print("%sx%s %d" % (m, nk, p))
