#!/usr/bin/env bash
# Run 16-a (H100): stream-K over the last partial wave only, pieces added into C in k order
# (owner stores, contributors TMA-reduce after the previous piece's flag; no workspace
# partials). Correctness first (verify), then default against `--stream-k on`,
# interleaved, two rounds, then memcheck.
#   OUT=... bash docs/logs/run16-a.sh
. "$(dirname "$0")/run16-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
S="--stream-k on"
v --m 4096 --n 4096 --k 4096 $S
v --m 4096 --n 4096 --k 4096 $S --alpha 1.5 --beta -0.5
v --m 4096 --n 4096 --k 4096 --dtype bf16 $S
v --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col $S
v --m 3000 --n 2056 --k 1032 $S
v --m 3000 --n 2056 --k 1032 $S --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col $S
v --m 2048 --n 2048 --k 2048 $S --alpha 1.5 --beta -0.5
v --m 128 --n 4096 --k 4096 $S
v --m 128 --n 128 --k 16384 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S
v --m 8192 --n 8192 --k 8192 $S
v --m 4096 --n 4096 --k 1024 $S
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 4096 --dtype bf16" "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col" \
           "--m 4096 --n 4096 --k 1024 --dtype f16" "--m 8192 --n 8192 --k 8192 --dtype f16" "--m 4096 --n 14336 --k 4096 --dtype f16"; do
    b $a
    b $a $S
  done
done
mc --m 3000 --n 2056 --k 1032 $S
mc --m 3000 --n 2056 --k 1032 $S --alpha 1.5 --beta -0.5
