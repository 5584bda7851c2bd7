#!/usr/bin/env bash
# Run 19-e (H200, after 19-d on the same machine): which barrier waits hang under a
# suspend-time hint, and the event-timed 4096^3 ratio over four more rounds.
# Diagnostic builds, each with a 20 us `suspendTimeHint` on some `mbarrier.try_wait.parity`:
# `mosaic-sh20u` every wait, `mosaic-sh-prod` only the producer's wait on a stage's `empty`
# barrier (arrivals from the consumers of both CTAs of a cluster), `mosaic-sh-cons` only the
# consumers' wait on a stage's `full` barrier (completed by TMA bytes, multicast from the
# peer CTA for B).
#   OUT=... bash docs/logs/run19-e.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
hv() {
  log "verify ($1) ${*:2}"
  timeout 30 ./.carry-rt/$1 verify gemm "${@:2}" --dtype f16 --target $T > /tmp/v.txt 2>&1
  echo "rc $? $(tail -1 /tmp/v.txt | cut -c1-160)"
}
hv mosaic-sh20u --m 4096 --n 4096 --k 1024
hv mosaic-sh20u --m 4096 --n 4096 --k 4096 --multicast off
hv mosaic-sh-prod --m 4096 --n 4096 --k 4096
hv mosaic-sh-cons --m 4096 --n 4096 --k 4096
for r in 1 2 3 4; do
  log "round $r"
  for d in f16 bf16; do b --m 4096 --n 4096 --k 4096 --dtype $d; done
done
