#!/usr/bin/env bash
# Run 15 hack3 (H100), as run: as hack1, variants `onesync` (one sync per box, waiting for
# the previous box before it), `nofence` (no fence.proxy.async), `nosync` (no named-barrier
# syncs), `nosts` (no st.shared staging), `l2c` (C rows folded into an 8 MB window); then
# `onesync` verified.
#   OUT=... bash docs/logs/run15-hack3.sh      (log hopper-run15-hack3.txt)
M=./.carry-rt/mosaic-14; H=./.carry-rt/mosaic-hack
for round in 1 2; do
for s in "4096 4096 4096"; do read -r a b c <<< "$s"
  echo "== $s base"; timeout 100 $M bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]" | cut -c1-200
  for h in onesync nofence nosync nosts l2c; do echo "== $s hack=$h"; MOSAIC_HACK_EPI=$h timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]"| cut -c1-200; done
done; done
for s in "4096 4096 4096" "3000 2056 1032"; do read -r a b c <<< "$s"; echo "== verify onesync $s"; MOSAIC_HACK_EPI=onesync timeout 100 $H verify gemm --m $a --n $b --k $c --dtype f16 --target sm_90a 2>&1 | tail -2; done
