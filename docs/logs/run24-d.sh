#!/usr/bin/env bash
# Run 24-d: the final build (its default kernels byte-identical to run 23's; the runtime now
# asks the driver how many clusters are resident): verify suites, 4096^3 and 8192^3 paired
# (f32 and 16-bit C), and the f16 / bf16 / tf32 LLM suites.
#   OUT=... bash docs/logs/run24-d.sh
. "$(dirname "$0")/run24-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for d in f16 bf16 "tf32 --b-layout col"; do log "verify suite $d"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200; done
for d in f16 bf16; do
  bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d
  bpc 50 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d
done
bpc 20 --m 8192 --n 8192 --k 8192
suite $MB f16 final
suite $MB bf16 final
suite $MB "tf32 --b-layout col" final
