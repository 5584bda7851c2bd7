#!/usr/bin/env bash
# Run 24-c: the model's ties at M = 4096 (128x256 tiles ranked before 256x128 at equal
# modeled cycles on every LLM-suite shape but gate_up): plan 1 against plan 2, paired, two
# rounds in alternating order, f16, and tf32 (B column-major) at two shapes.
#   OUT=... bash docs/logs/run24-c.sh
. "$(dirname "$0")/run24-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for r in 1 2; do
  for nk in "4096 4096" "6144 4096" "4096 14336" "5120 5120" "15360 5120" "5120 13824"; do set -- $nk
    if [ $r = 1 ]; then ps="1 2"; else ps="2 1"; fi
    for p in $ps; do bpc 30 --m 4096 --n $1 --k $2 --plan $p; done
  done
done
for nk in "6144 4096" "5120 13824"; do set -- $nk
  for p in 1 2; do bpc 30 --m 4096 --n $1 --k $2 --dtype tf32 --b-layout col --plan $p; done
done
