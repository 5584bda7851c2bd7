#!/usr/bin/env bash
# Run 29-d (H200): the final build (transposed TMA-store epilogue and
# `TRANSPOSED_FREE_ROUNDS`; .carry-rt/mosaic-rule) against run 28's last build (7efabd9,
# .carry-rt/mosaic-base) at moved defaults of 29-b and 29-c (faster and slower ones), the
# transposed kernels 29-a timed, and the decode suite rows whose kernels changed. 30 paired
# samples, order rotated.
#   OUT=... bash docs/logs/run29-d.sh; python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic-rule"
v --m 4861 --n 1000 --k 4480
v --m 121 --n 5000 --k 1000 --dtype bf16 --c-dtype bf16
for a in "4864 1024 4480" "5808 1056 5168" "8805 1584 408" "1697 9112 2632" "2952 3472 6712" \
  "4672 592 2368" "2896 2584 3904" "5040 6008 512" "1656 5928 456" "568 5568 3056" \
  "8472 1624 488" "552 5376 3248" "128 5120 5120" "128 5120 13824 --dtype bf16" \
  "128 5120 5120 --c-dtype f16"; do
  set -- $a
  ab "mosaic-base mosaic-rule" --m $1 --n $2 --k $3 ${@:4}
done
