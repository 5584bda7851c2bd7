#!/usr/bin/env bash
# Run 22-e: A multicast (`--multicast a`: the two CTAs of a cluster take consecutive tile
# columns of one row and each loads half of every A box into both). Decode shapes re-read
# the activations A from L2 in every CTA; 22-d pointed at L2-to-SM traffic as their limit.
# Verify (decode, ragged with an odd count of tile columns, persistent squares, column-major
# B, tf32, alpha/beta), memcheck, then the M = 128 LLM shapes default / A multicast in two
# interleaved rounds, and 4096^3.
#   OUT=... bash docs/logs/run22-e.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
A="--multicast a"
v --m 128 --n 6144 --k 4096 --dtype f16 $A
v --m 128 --n 6144 --k 4096 --dtype bf16 $A
v --m 128 --n 4096 --k 4096 $A
v --m 128 --n 28672 --k 4096 $A
v --m 100 --n 6080 --k 4000 --alpha 1.5 --beta -0.5 $A
v --m 4096 --n 4096 --k 4096 $A
v --m 2100 --n 2312 --k 3000 $A
v --m 2100 --n 2312 --k 3000 --b-layout col --dtype bf16 $A
v --m 128 --n 6144 --k 4096 --dtype tf32 --b-layout col $A
v --m 1000 --n 1004 --k 1000 --dtype f16 --c-dtype f16 $A
mc --m 100 --n 6080 --k 4000 --alpha 1.5 --beta -0.5 $A
mc --m 2100 --n 2312 --k 3000 $A
for r in 1 2; do
  for nk in "6144 4096" "4096 4096" "28672 4096" "4096 14336" "15360 5120" "5120 5120" "27648 5120" "5120 13824"; do
    read -r sn sk <<< "$nk"
    bp 50 --m 128 --n $sn --k $sk
    bp 50 --m 128 --n $sn --k $sk $A
  done
done
bp 50 --m 128 --n 6144 --k 4096 --dtype bf16
bp 50 --m 128 --n 6144 --k 4096 --dtype bf16 $A
bp 50 --m 4096 --n 4096 --k 4096
bp 50 --m 4096 --n 4096 --k 4096 $A
