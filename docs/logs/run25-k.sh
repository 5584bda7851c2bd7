#!/usr/bin/env bash
# Run 25-k: is 25-j's gap the narrow N or the unaligned pitches? Neighbours of two of its
# shapes, default plans, 20 samples: N and K moved to multiples of 64 (128-byte rows), M kept.
#   OUT=... bash docs/logs/run25-k.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "4864 824 4472" "4864 832 4480" "4864 832 4472" "4864 824 4480" "4864 768 4480" "4864 1024 4480" \
         "5808 1056 5168" "5808 1024 5120" "5808 1088 5184" "5808 1056 5184" "5808 1088 5168" "5808 2048 5120"; do
  set -- $s
  bpc 20 --m $1 --n $2 --k $3
done
