# Spearman rank correlation of modeled vs measured TFLOP/s over the sweep: the plan each
# sweep run measured is identified with the binary that ran it (.carry-rt/mosaic), and its
# model figure read from the current binary's ranking (same cta, warpgroups, stages).
import json, subprocess, re, sys, glob
old = "/work/main/.carry-rt/mosaic.sweep5"
new = "/work/main/target/me/release/mosaic"
def plan_info(binary, m, n, k, p):
    out = subprocess.run([binary, "compile", "gemm", "--m", str(m), "--n", str(n), "--k", str(k),
                          "--target", "sm_90a", "--plan", str(p), "-o", "/dev/null"], capture_output=True, text=True).stdout
    cta = re.search(r"cta\s+(\S+) tile, (\d+) (warpgroups|warps).*?(\d+) stages", out)
    model = re.search(r"model\s+\S+ cycles, ([0-9.]+) TFLOP/s", out)
    return (cta.group(1), cta.group(2), cta.group(4)), float(model.group(1))
def ranking(m, n, k):
    res = {}
    for p in range(1, 41):
        try:
            key, t = plan_info(new, m, n, k, p)
        except Exception:
            break
        res.setdefault(key, t)
    return res
def spearman(x, y):
    def rank(v):
        o = sorted(range(len(v)), key=lambda i: v[i]); r = [0]*len(v)
        i = 0
        while i < len(o):
            j = i
            while j+1 < len(o) and v[o[j+1]] == v[o[i]]: j += 1
            for t in range(i, j+1): r[o[t]] = (i + j) / 2
            i = j + 1
        return r
    rx, ry = rank(x), rank(y); n = len(x)
    mx, my = sum(rx)/n, sum(ry)/n
    cov = sum((a-mx)*(b-my) for a, b in zip(rx, ry))
    return cov / (sum((a-mx)**2 for a in rx) * sum((b-my)**2 for b in ry)) ** 0.5
allx, ally = [], []
for shape in sys.argv[1:]:
    m, n, k = map(int, shape.split("x"))
    rk = ranking(m, n, k)
    xs, ys = [], []
    for line in open("/work/main/docs/logs/hopper-sweep-5.txt"):
        if not line.startswith(shape + " "):
            continue
        f = line.split()
        p = int(f[1][1:]); meas = float(f[5])
        key, _ = plan_info(old, m, n, k, p)
        if key in rk:
            xs.append(rk[key]); ys.append(meas)
            print(shape, p, key, round(rk[key], 1), meas)
    print(shape, "plans", len(xs), "spearman", round(spearman(xs, ys), 3))
    allx += xs; ally += ys
