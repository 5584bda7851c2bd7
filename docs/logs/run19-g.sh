#!/usr/bin/env bash
# Run 19-g: the producer's thread-0 split as a plain `bra` (it was `bra.uni`, whose
# predicate diverges in warp 0: undefined in the PTX ISA). Is the fix correct and level in
# speed against the build before it (`mosaic-old`), and was the undefined branch why a
# suspend-time hint on the producer's wait hung (19-e)? `mosaic-sh-prod2` / `mosaic-sh20u2`:
# the fixed build with a 20 us hint on the producer's wait / on every wait.
#   OUT=... bash docs/logs/run19-g.sh
. "$(dirname "$0")/run19-lib.sh"
OLD=./.carry-rt/mosaic-old
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in sh-prod2 sh20u2; do
  log "verify (mosaic-$s) 4096^3 f16"
  timeout 30 ./.carry-rt/mosaic-$s verify gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target $T > /tmp/v.txt 2>&1
  echo "rc $? $(tail -1 /tmp/v.txt | cut -c1-160)"
done
suites_and "--m 4096 --n 4096 --k 4096 --dtype f16" "--m 2100 --n 2056 --k 1032 --dtype bf16 --b-layout col" "--m 4096 --n 4096 --k 1024 --dtype f16"
mc --m 2100 --n 2056 --k 1032 --dtype f16
versus "4096 4096 4096" "8192 8192 8192" "4096 4096 1024"
e --m 4096 --n 4096 --k 4096 --dtype f16
MB=$OLD e --m 4096 --n 4096 --k 4096 --dtype f16
