#!/usr/bin/env bash
# Run 19-d (H200): the sustained (`--energy 2`) regime on the H200 at 4096^3 and 8192^3,
# and a suspend-time hint on every barrier wait as an energy lever: `mosaic-sh20u` and
# `mosaic-sh10m` are diagnostic builds whose `mbarrier.try_wait.parity` carries a 20 us /
# 10 ms `suspendTimeHint` (run 9-l's 10 ms hint hung the f16 suite; here each build first
# verifies under a timeout).
#   OUT=... bash docs/logs/run19-d.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
ok=()
for s in sh20u sh10m; do
  log "verify (mosaic-$s) 1000x1000x1000 f16, 4096^3 f16"
  pass=1
  for n in 1000 4096; do
    timeout 40 ./.carry-rt/mosaic-$s verify gemm --m $n --n $n --k $n --dtype f16 --target $T > /tmp/v.txt 2>&1
    echo "rc $? $(tail -1 /tmp/v.txt | cut -c1-200)"
    grep -q "^1 passed" /tmp/v.txt || pass=0
  done
  [ $pass = 1 ] && ok+=("$s")
done
for r in 1 2; do
  e --m 4096 --n 4096 --k 4096 --dtype f16
  for s in "${ok[@]}"; do MB=./.carry-rt/mosaic-$s e --m 4096 --n 4096 --k 4096 --dtype f16; done
done
e --m 4096 --n 4096 --k 4096 --dtype bf16
e --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
e --m 8192 --n 8192 --k 8192 --dtype f16
