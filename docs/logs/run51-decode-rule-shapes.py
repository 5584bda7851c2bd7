"""Run 51's lead: seed 5102's 30 decode shapes in the range of `decode::adjust` (107 to 128
rows, n and k 2^U(10, 14.5), k with 2k not a multiple of 32, f16 or bf16, column-major A,
B row- or column-major), each printed with whether its default sm_90a kernel differs between
the builds $A and $B (`compile` output less its modeled-figure lines).
    A=.carry-rt/mosaic-51b B=.carry-rt/BUILD python3 docs/logs/run51-decode-rule-shapes.py"""
import hashlib, os, random, subprocess


def kernel(build, m, n, k, d, b):
    p = subprocess.run([build, "compile", "gemm", "-o", "/dev/stdout", "--m", str(m), "--n", str(n),
                        "--k", str(k), "--dtype", d, "--a-layout", "col", "--b-layout", b,
                        "--target", "sm_90a"], capture_output=True, text=True)
    kept = (l for l in p.stdout.splitlines() if "cycles" not in l and "TFLOP/s" not in l)
    return hashlib.md5("\n".join(kept).encode()).hexdigest()


random.seed(5102)
for _ in range(30):
    m = random.randint(107, 128); n = int(2 ** random.uniform(10, 14.5)); k = int(2 ** random.uniform(10, 14.5))
    if k * 2 % 32 == 0:
        k += 1
    d = random.choice(["f16", "bf16"]); b = random.choice(["row", "col"])
    moved = kernel(os.environ["A"], m, n, k, d, b) != kernel(os.environ["B"], m, n, k, d, b)
    print("%dx%dx%d %s %s %s" % (m, n, k, d, b, "MOVED" if moved else "same"))
