#!/usr/bin/env bash
# Run 28-f (H100): grids of two CTAs per SM charged by rounds from 16 k-steps
# (`SHARED_SM_ROUND_KSTEPS`; .carry-rt/mosaic) against the build before it (8616561,
# .carry-rt/mosaic-prev) at every default that moved among 250 seeded random shapes each in
# tf32 and f16 with a column-major B (`EXTRA=... python3 docs/logs/run28-sweep.py 37 250`;
# none moved in f16 or bf16), at the three 28-e shapes that move, and at 4864x1024x4480
# (same plan; a control). Two verifies first. 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run28-f.sh; REF=mosaic-prev python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run28-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4880 --n 967 --k 1984 --b-layout col
v --m 1216 --n 2184 --k 648 --dtype tf32 --b-layout col
for a in "--m 1216 --n 2184 --k 648 --dtype tf32 --b-layout col" "--m 4880 --n 967 --k 1984 --b-layout col" \
  "--m 5456 --n 390 --k 1376 --b-layout col" "--m 2627 --n 2448 --k 1536 --b-layout col" \
  "--m 4176 --n 1792 --k 1040" "--m 2320 --n 1976 --k 2816 --b-layout col" \
  "--m 2936 --n 1624 --k 1256 --dtype tf32 --b-layout col" "--m 4864 --n 1024 --k 4480"; do
  ab "mosaic-prev mosaic" $a
done
