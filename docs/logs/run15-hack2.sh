#!/usr/bin/env bash
# Run 15 hack2 (H100), as run: as hack1, variants `nowait` (no cp.async.bulk.wait_group.read
# before reusing a staging buffer) and `nostore` (boxes staged and synced, no bulk store).
#   OUT=... bash docs/logs/run15-hack2.sh      (log hopper-run15-hack2.txt)
M=./.carry-rt/mosaic-14; H=./.carry-rt/mosaic-hack
for round in 1 2; do
for s in "4096 4096 4096" "4096 4096 1024"; do read -r a b c <<< "$s"
  echo "== $s base"; timeout 100 $M bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]" | cut -c1-200
  for h in nowait nostore; do echo "== $s hack=$h"; MOSAIC_HACK_EPI=$h timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]"| cut -c1-200; done
done; done
