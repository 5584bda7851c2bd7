#!/usr/bin/env bash
# Run 18-h (H100, then 18-i on an H200): the final build. Verify suites and memcheck; the
# squares of the three dtypes, GPC-major order (auto) against `--cluster-order off`, two
# rounds; the LLM suites of the three dtypes with the defaults.
#   OUT=... bash docs/logs/run18-h.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "order 4096^3"; $M verify gemm --m 4096 --n 4096 --k 4096 --target $T 2>&1 | grep -E "cluster order|passed"
suites_and "--m 4096 --n 4096 --k 4096 --dtype bf16"
mc --m 2100 --n 2056 --k 1032
for round in 1 2; do
  for s in "--dtype f16" "--dtype bf16" "--dtype tf32 --b-layout col"; do
    for mnk in 4096 8192; do
      for a in auto off; do b --m $mnk --n $mnk --k $mnk $s --cluster-order $a; done
    done
  done
done
llm_suites
