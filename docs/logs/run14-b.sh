#!/usr/bin/env bash
# Run 14-b (H100): 27 tf32 plans (18 heterogeneous: FFMA columns beside wgmma) timed against
# cuBLAS, for the model's rank check (modeled TFLOP/s from `mosaic plans ... --ratio R`).
#   OUT=... bash docs/logs/run14-b.sh
. "$(dirname "$0")/run14-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
TF="--dtype tf32 --b-layout col"
rank() { local s="$1"; shift; for rp in "$@"; do set -- $s; log "rank $s $rp"; $M bench gemm --m $1 --n $2 --k $3 $TF --ratio ${rp% *} --plan ${rp#* } --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; done; }
rank "4096 4096 4096" "0 1" "0 2" "0 3" "0.03 1" "0.03 2" "0.03 3" "0.03 4" "0.07 2"
rank "2048 2048 2048" "0 1" "0 3" "0 4" "0.03 1" "0.03 2" "0.03 3" "0.03 4" "0.07 1"
rank "4096 4096 1024" "0 1" "0 3" "0.03 1" "0.03 2" "0.03 3" "0.07 2"
rank "128 4096 4096" "0 1" "0 2" "0.03 1" "0.03 3" "0.03 4"
