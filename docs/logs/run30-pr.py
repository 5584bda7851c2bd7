# Run 30: summary of a mirrored-tie log (30-a, 30-f): each shape under plan 1 and its mirror, with the
# plans as the build at /work/main/target/release/mosaic ranks them.  python3 docs/logs/run30-pr.py LOG
import re, sys, collections, subprocess, json
t = open(sys.argv[1]).read().split("### ")
d = collections.OrderedDict()
for blk in t:
    m = re.match(r"bench \(\S+\) --samples 30 --m (\d+) --n (\d+) --k (\d+)(.*?)\n\s+.*?\(([\d.]+) us\), cuBLAS .*?\(([\d.]+) us\).*?paired ([\d.]+)", blk, re.S)
    if not m: continue
    s = "%sx%sx%s" % m.group(1, 2, 3)
    d.setdefault(s, {})[m.group(4).strip()] = (float(m.group(5)), float(m.group(7)))
B = "/work/main/target/release/mosaic"
def desc(s, r):
    M, N, K = s.split("x")
    p = subprocess.run([B, "plans", "gemm", "--m", M, "--n", N, "--k", K, "--target", "sm_90a", "--top", "8", "--json"], capture_output=True, text=True)
    q = json.loads(p.stdout)["plans"][r - 1]["plan"]
    return "%dx%d w%d s%d mc%d %s" % (q["cta_tile"][0], q["cta_tile"][1], q["workers"][0], q["stages"], q["multicast"], "T" if q["transposed"] else "-")
for s, v in d.items():
    one = v.pop("--plan 1"); (rk, other), = v.items(); r = int(rk.split()[1])
    M, N, K = map(int, s.split("x"))
    p1 = desc(s, 1); pr = desc(s, r)
    tfast = (one[0] / other[0]) if p1.endswith("-") else (other[0] / one[0])
    print("%-16s %s  1: %-22s %7.2f (%.3f) | %d: %-22s %7.2f (%.3f) | T speedup %.3f" % (s, "M<N" if M < N else "M>N", p1, one[0], one[1], r, pr, other[0], other[1], tfast))
