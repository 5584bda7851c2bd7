#!/usr/bin/env bash
# Run 18-l (H100): 18-g again after the probe fix (18-g's probe fitted two CTAs per SM and
# gave the identity): the GPC-major order on persistent kernels without B multicast
# (explicit `--cluster-order on`; auto leaves them in launch order) against `off`, two
# rounds; verify first.
#   OUT=... bash docs/logs/run18-l.sh
. "$(dirname "$0")/run18-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
log "order 4096x4096x1024"; $M verify gemm --m 4096 --n 4096 --k 1024 --cluster-order on --target $T 2>&1 | grep -E "cluster order|passed"
v --m 4096 --n 4096 --k 4096 --multicast off --cluster-order on
v --m 3000 --n 2056 --k 1032 --multicast off --cluster-order on --alpha 1.5 --beta -0.5
for round in 1 2; do
  for s in "--m 4096 --n 4096 --k 1024" "--m 8192 --n 8192 --k 1024" "--m 4096 --n 4096 --k 512" "--m 4096 --n 4096 --k 4096 --multicast off" "--m 6144 --n 6144 --k 1024"; do
    for a in on off; do b $s --cluster-order $a; done
  done
done
