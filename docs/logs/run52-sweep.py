"""Run 52's CPU sweep: random 16-bit column-major-A shapes above 128 rows, each compiled
(exit 0 expected) and, where its default is transposed, run in `mosaic simulate` against
the exact reference (alpha 1.5 / beta -0.5 at a third). Shapes over MAX multiply-adds are
skipped.
  python3 docs/logs/run52-sweep.py BUILD SEED COUNT M_LO M_HI N_LO N_HI K_LO K_HI MAX
  (run 52: seed 5210 129 700 8 600 8 700; 5211 129 2000 256 3000 16 1200 1.5e9;
   5212 129 1200 300 2000 1000 4000 2e9; COUNT 150, 200, 200)"""
import random, subprocess, sys
M = sys.argv[1]; random.seed(int(sys.argv[2])); count = int(sys.argv[3])
m_lo, m_hi, n_lo, n_hi, k_lo, k_hi = map(int, sys.argv[4:10]); cap = float(sys.argv[10]) if len(sys.argv) > 10 else 1e18
stats = {"T": 0, "plain": 0, "sim_ok": 0, "fail": 0}
for _ in range(count):
    m = random.randint(m_lo, m_hi); n = random.randint(n_lo, n_hi); k = random.randint(k_lo, k_hi)
    if m * n * k > cap:
        continue
    d = random.choice(["f16", "bf16"]); b = random.choice(["row", "col"])
    args = ["--m", str(m), "--n", str(n), "--k", str(k), "--dtype", d, "--a-layout", "col", "--b-layout", b, "--target", "sm_90a"]
    extra = random.choice([[], [], ["--alpha", "1.5", "--beta", "-0.5"]])
    p = subprocess.run([M, "compile", "gemm", "-o", "/dev/null"] + args, capture_output=True, text=True)
    if p.returncode != 0:
        stats["fail"] += 1; print("COMPILE FAIL", args, p.stderr.strip()[:200]); continue
    t = "C^T" in p.stdout; stats["T" if t else "plain"] += 1
    if not t:
        continue
    s = subprocess.run([M, "simulate", "gemm"] + args + extra, capture_output=True, text=True)
    if s.returncode != 0 or "matches" not in s.stdout:
        stats["fail"] += 1; print("SIM FAIL", args, extra, (s.stdout + s.stderr).strip()[-300:])
    else:
        stats["sim_ok"] += 1
print(stats)
