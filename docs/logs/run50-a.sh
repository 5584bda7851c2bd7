#!/usr/bin/env bash
# Run 50-a: run 50's first build (mosaic-50a, f9f7f2b: run 49's kernels after the reread
# mends): verify of the f16, bf16 and tf32 suites; 48 seeded random verify cases (shape,
# dtype, layouts, gemm or bmm; seed 5001); memcheck of a ragged tf32 kernel with a column-major
# A (A from registers) and a row-major B (its transposing copy); and the LLM suite at the
# operand layouts never benched on it (a column-major A; both column-major; f16 with a
# column-major B), cuBLAS in the same process.
#   OUT=... bash docs/logs/run50-a.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-50a
for d in f16 bf16 tf32; do
  log "verify ($N) gemm --suite --dtype $d"
  timeout 300 ./.carry-rt/$N verify gemm --suite --dtype $d --target $T 2>&1 | tail -1 | cut -c1-200
done
log "verify ($N): 48 seeded random cases (seed 5001)"
python3 - <<'PY' > "$OUT/fuzz-cases.txt"
import random
random.seed(5001)
for _ in range(48):
    m, n, k = (int(2 ** random.uniform(0, 12)) for _ in range(3))
    d = random.choice(["f16", "bf16", "tf32"])
    a, b = random.choice(["row", "col"]), random.choice(["row", "col"])
    bmm = random.random() < 0.25
    kind = f"bmm --batch {random.randint(2, 4)}" if bmm else "gemm"
    print(f"{kind} --m {m} --n {n} --k {k} --dtype {d} --a-layout {a} --b-layout {b}")
PY
fails=0
while read -r c; do
  r=$(timeout 120 ./.carry-rt/$N verify $c --target $T 2>&1 | tail -1 | cut -c1-160)
  echo "$c :: $r"
  [ "$r" = "1 passed, 0 failed" ] || fails=$((fails + 1))
done < "$OUT/fuzz-cases.txt"
echo "fuzz: $fails of 48 not passed"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
a="gemm --m 333 --n 517 --k 259 --dtype tf32 --a-layout col --b-layout row"
log "memcheck verify ($N) $a"
timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify $a --target $T 2>&1 | tail -2 | cut -c1-300
for x in "f16 col row" "bf16 col row" "tf32 col row" "tf32 col col" "f16 col col" "f16 row col"; do
  read -r d a b <<< "$x"
  log "bench ($N) --suite llm --dtype $d --a-layout $a --b-layout $b"
  timeout 200 ./.carry-rt/$N bench gemm --suite llm --dtype $d --a-layout $a --b-layout $b --target $T --samples 20 2>&1 | cut -c1-260
done
