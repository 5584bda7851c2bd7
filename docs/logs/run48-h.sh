#!/usr/bin/env bash
# Run 48-h: the reread changed the batched transposing copy's PTX (it reads %ctaid.z once):
# verify and memcheck of tf32 bmm with a row-major B (and both operands column-major) with
# the reread's build (mosaic-48h), ragged, several batches, back to back.
#   OUT=... bash docs/logs/run48-h.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
N=mosaic-48h
ve() { log "verify ($N) $*"; timeout 200 ./.carry-rt/$N verify "$@" --target $T 2>&1 | tail -1 | cut -c1-300; }
ve bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32 --back-to-back
ve bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32 --plan 8
ve bmm --m 200 --n 333 --k 1001 --batch 5 --dtype tf32 --a-layout col --b-layout col
ve gemm --m 1000 --n 777 --k 333 --dtype tf32 --back-to-back
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
log "memcheck verify ($N) bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32"
timeout 200 $SAN --tool memcheck ./.carry-rt/$N verify bmm --m 72 --n 135 --k 199 --batch 3 --dtype tf32 --target $T 2>&1 | tail -2 | cut -c1-300
