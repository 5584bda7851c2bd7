#!/usr/bin/env bash
# Run 13-e (H100): B multicast on (the default) against off at the LLM suite's M = 4096
# shapes and 8192^3, two interleaved rounds, for the dtype given (13-c / 13-d: off was
# 2-9% faster at every batched or unbatched shape with a 128-byte-aligned B pitch up to
# K = 1024, on 13-30% faster where B's pitch was 2000 or 8000 bytes).
#   OUT=... bash docs/logs/run13-e.sh f16|bf16|tf32
. "$(dirname "$0")/run13-lib.sh"
d=$1; L=""; [ "$d" = tf32 ] && L="--b-layout col"
for round in 1 2; do
  log "round $round"
  for nk in "4096 4096" "6144 4096" "28672 4096" "4096 14336" "15360 5120" "5120 5120" "27648 5120" "5120 13824" "8192 8192"; do
    read -r n k <<< "$nk"; m=4096; [ "$n" = 8192 ] && m=8192
    b --m $m --n $n --k $k --dtype $d $L
    b --m $m --n $n --k $k --dtype $d $L --multicast off
  done
done
