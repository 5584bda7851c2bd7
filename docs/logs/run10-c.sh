#!/usr/bin/env bash
# Run 10-c (H200): the model with the H200's own DRAM latency (`--gpu h200`) against the
# H100-fitted one (no `--gpu`, what runs 7-9 measured on the H200), same binary: the LLM
# suites both ways, twice interleaved, then the verify suites and the changed kernels
# verified with alpha and beta.
#   OUT=... bash docs/logs/run10-c.sh
. "$(dirname "$0")/run10-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
for round in 1 2; do
  OUT0=$OUT; OUT=$OUT0/r$round-h100model; mkdir -p $OUT; log "round $round, H100 model"; llm_suites
  OUT=$OUT0/r$round-h200model; mkdir -p $OUT; log "round $round, H200 model (--gpu h200)"; llm_suites --gpu h200
  OUT=$OUT0
done
for d in f16 bf16 tf32; do log "suite $d (--gpu h200)"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T --gpu h200 2>&1 | grep -E "^FAIL|passed"; done
for s in "128 5120 5120 f16" "128 6144 4096 tf32" "16 5120 13824 bf16"; do set -- $s
  v --m $1 --n $2 --k $3 --dtype $4 $([ $4 = tf32 ] && echo --b-layout col) --gpu h200 --alpha 1.5 --beta -0.5; done
tar czf $OUT/suites-10c.tgz -C $OUT r1-h100model r1-h200model r2-h100model r2-h200model && rm -r $OUT/r1-* $OUT/r2-*
