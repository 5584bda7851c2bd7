#!/usr/bin/env bash
# Run 25-a: what the fourth wave's idle SMs cost at 4096^3. 128x256 tiles on 132 SMs: M =
# 3968, 4096, 4224 and 4352 (N = K = 4096) give 496, 512, 528 and 544 tiles (3.76, 3.88,
# 4.00 and 4.12 waves). Time in proportion to M means the tail is free (the card is
# energy-bound); equal times up to 4224 mean the tail is a whole round. Two rounds, order
# reversed in the second. Then a check of the runtime's borrowed spec (Runtime::resident):
# the f16 verify suite and a 2 x 2 multicast kernel, whose grid shrinks.
#   OUT=... bash docs/logs/run25-a.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  ms="3968 4096 4224 4352"; [ $r = 2 ] && ms="4352 4224 4096 3968"
  for m in $ms; do bpc 30 --m $m --n 4096 --k 4096; done
done
log "verify suite f16"; timeout 200 $MB verify gemm --m 1 --n 1 --k 1 --suite --dtype f16 --target $T 2>&1 | grep -E "^FAIL|passed" | cut -c1-200
v --m 4096 --n 4096 --k 4096 --multicast ab
bpc 20 --m 4096 --n 4096 --k 4096 --multicast ab
