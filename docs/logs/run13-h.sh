#!/usr/bin/env bash
# Run 13-h (H100): batched kernels the earlier runs never built on a GPU (the review of this
# session's change): split-K clusters inside a batch, ping-pong consumers over batches, a
# lone batched grid; with memcheck; and the split-K one timed.
#   OUT=... bash docs/logs/run13-h.sh
. "$(dirname "$0")/run13-lib.sh"
vb --batch 2 --m 128 --n 1024 --k 8192 --dtype f16 --alpha 1.5 --beta -0.5
vb --batch 2 --m 128 --n 1024 --k 8192 --dtype bf16 --b-layout col
vb --batch 3 --m 128 --n 2048 --k 8000 --dtype tf32 --b-layout col
vb --batch 4 --m 64 --n 1024 --k 4096 --dtype f16
vb --batch 3 --m 1000 --n 1000 --k 1000 --dtype f16 --pingpong on
vb --batch 3 --m 1000 --n 1000 --k 1000 --dtype f16 --pingpong on --alpha 1.5 --beta -0.5
vb --batch 5 --m 1024 --n 1024 --k 1024 --dtype bf16 --pingpong on --plan 4
mcb --batch 2 --m 128 --n 1024 --k 8192 --dtype f16
mcb --batch 3 --m 1000 --n 1000 --k 1000 --dtype f16 --pingpong on
bb --batch 2 --m 128 --n 1024 --k 8192
bb --batch 3 --m 128 --n 2048 --k 8000 --dtype tf32 --b-layout col
