#!/usr/bin/env bash
# Run 16-b (H100): stream-K as in 16-a, but an owner raises the next piece's flag after its
# next main loop (`./.carry-rt/mosaic`) instead of right after its epilogue (16-a's build,
# `./.carry-rt/mosaic-imm`). Verify, memcheck, then default / immediate / deferred,
# interleaved, two rounds, and the decode shapes where run 8's stream-K was measured.
#   OUT=... bash docs/logs/run16-b.sh
. "$(dirname "$0")/run16-lib.sh"
IMM="timeout 150 ./.carry-rt/mosaic-imm"
bi() { log "bench (immediate flag: mosaic-imm) $*"; $IMM bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
S="--stream-k on"
v --m 4096 --n 4096 --k 4096 $S
v --m 3000 --n 2056 --k 1032 $S
v --m 3000 --n 2056 --k 1032 $S --alpha 1.5 --beta -0.5
v --m 999 --n 1004 --k 1000 --dtype bf16 --b-layout col $S
v --m 128 --n 4096 --k 4096 $S
v --m 128 --n 128 --k 16384 $S
v --m 16 --n 5120 --k 5120 --dtype bf16 $S
v --m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col $S
mc --m 3000 --n 2056 --k 1032 $S
for round in 1 2; do
  log "round $round"
  for a in "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 4096 --n 4096 --k 1024 --dtype f16" "--m 8192 --n 8192 --k 8192 --dtype f16"; do
    b $a
    bi $a $S
    b $a $S
  done
  for a in "--m 128 --n 4096 --k 4096 --dtype f16" "--m 16 --n 5120 --k 5120 --dtype f16" "--m 128 --n 5120 --k 13824 --dtype tf32 --b-layout col" "--m 2048 --n 2048 --k 2048 --dtype f16"; do
    b $a
    b $a $S
  done
done
