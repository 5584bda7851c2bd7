#!/usr/bin/env bash
# Run 13-d (H100): why B multicast helps 16 x 1000^3 (+30%) and hurts 8 x 1024^3 and
# 32 x 512^3 (13-c): the aligned counterpart 16 x 1024^3, unbatched shapes with a 2000-byte
# row pitch, and 16 x 1000^3 with direct stores.
#   OUT=... bash docs/logs/run13-d.sh
. "$(dirname "$0")/run13-lib.sh"
for mc in on off; do
  bb --batch 16 --m 1024 --n 1024 --k 1024 --multicast $mc
  bb --batch 16 --m 1000 --n 1000 --k 1000 --multicast $mc --tma-store off
  bb --batch 16 --m 1000 --n 1024 --k 1024 --multicast $mc
  bb --batch 16 --m 1024 --n 1024 --k 1000 --multicast $mc
  b --m 4000 --n 4000 --k 1000 --dtype f16 --multicast $mc
  b --m 4096 --n 4096 --k 1024 --dtype f16 --multicast $mc
done
for s in "--m 4000 --n 4000 --k 1000" "--m 4096 --n 4096 --k 1024"; do $M compile gemm $s --target $T -o /dev/null | grep -E "kernel"; done
$M compile bmm --batch 16 --m 1024 --n 1024 --k 1024 --target $T -o /dev/null | grep -E "kernel"
