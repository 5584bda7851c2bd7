#!/usr/bin/env bash
# Run 35-c (H200): split-K reduce-scatter (`mosaic-rs`: each split owns 1/S of the tile's quads, the others push them with st.async, each split stores its part directly) against
# the final build of run 34 (`mosaic-final`: cluster barriers and remote loads). Verify and
# memcheck of split-K 2 and 4 plans (ragged m, n, k; f16, bf16, tf32; one to three consumer
# warpgroups; transposed; 16-bit C; alpha / beta), the sm_90a verify suites, then 30 paired
# samples of both builds (order rotated per shape) at every default that differs among
# seeded decode shapes (`A=.carry-rt/mosaic-final B=.carry-rt/mosaic-rs python3
# docs/logs/run32-decodediff.py 145 120`: 28) and seeded shapes (`... run30-ptxdiff.py 146
# 200`: 8), and run 35-a's four split-K shapes.
#   OUT=... bash docs/logs/run35-c.sh; REF=mosaic-final python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run34-lib.sh"
M="timeout 150 ./.carry-rt/mosaic-rs"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
# Stop at once where the first split-K kernel does not pass (a first build failed to launch).
r=$(timeout 30 ./.carry-rt/mosaic-rs verify gemm --m 100 --n 1000 --k 3000 --plan 1 --target $T 2>&1 | tail -2)
echo "$r" | grep -q "1 passed, 0 failed" || { echo "first verify failed: $r"; exit 1; }
for p in 1 2 4 8 10 11; do v --m 100 --n 1000 --k 3000 --plan $p; done
for p in 1 3 7 9; do v --m 77 --n 1232 --k 5560 --dtype bf16 --plan $p; done
v --m 77 --n 1232 --k 5560 --dtype bf16 --plan 1 --c-dtype bf16
v --m 77 --n 1232 --k 5560 --dtype bf16 --plan 3 --c-dtype bf16
v --m 77 --n 1232 --k 5560 --dtype bf16 --plan 2 --alpha 2 --beta -1
for p in 1 3 4 8 10; do v --m 300 --n 704 --k 9000 --plan $p; done
for p in 1 2 5 7 8; do v --m 16 --n 1000 --k 8000 --plan $p; done
for p in 1 3 5 8; do v --m 128 --n 1728 --k 3360 --dtype tf32 --b-layout col --plan $p; done
mc --m 100 --n 1000 --k 3000 --plan 1
mc --m 100 --n 1000 --k 3000 --plan 2
mc --m 77 --n 1232 --k 5560 --dtype bf16 --plan 9
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
ab "mosaic-final mosaic-rs" --m 128 --n 1728 --k 3360
ab "mosaic-final mosaic-rs" --m 128 --n 1392 --k 2864
ab "mosaic-final mosaic-rs" --m 128 --n 1536 --k 4096
ab "mosaic-final mosaic-rs" --m 128 --n 1104 --k 4608
ab "mosaic-final mosaic-rs" --m 80 --n 1112 --k 2632
ab "mosaic-final mosaic-rs" --m 80 --n 1392 --k 2672
ab "mosaic-final mosaic-rs" --m 80 --n 296 --k 8432
ab "mosaic-final mosaic-rs" --m 112 --n 1000 --k 3480
ab "mosaic-final mosaic-rs" --m 80 --n 1312 --k 2688
ab "mosaic-final mosaic-rs" --m 128 --n 256 --k 4392
ab "mosaic-final mosaic-rs" --m 80 --n 608 --k 4272
ab "mosaic-final mosaic-rs" --m 80 --n 760 --k 1824
ab "mosaic-final mosaic-rs" --m 80 --n 544 --k 3736
ab "mosaic-final mosaic-rs" --m 128 --n 344 --k 2120
ab "mosaic-final mosaic-rs" --m 96 --n 1016 --k 2712
ab "mosaic-final mosaic-rs" --m 80 --n 296 --k 8328
ab "mosaic-final mosaic-rs" --m 128 --n 280 --k 2952
ab "mosaic-final mosaic-rs" --m 80 --n 440 --k 1920
ab "mosaic-final mosaic-rs" --m 80 --n 416 --k 6416
ab "mosaic-final mosaic-rs" --m 80 --n 1128 --k 4200
ab "mosaic-final mosaic-rs" --m 96 --n 320 --k 2808
ab "mosaic-final mosaic-rs" --m 128 --n 344 --k 3648
ab "mosaic-final mosaic-rs" --m 128 --n 360 --k 6168
ab "mosaic-final mosaic-rs" --m 80 --n 928 --k 2192
ab "mosaic-final mosaic-rs" --m 96 --n 720 --k 8232
ab "mosaic-final mosaic-rs" --m 80 --n 504 --k 6568
ab "mosaic-final mosaic-rs" --m 80 --n 704 --k 1664
ab "mosaic-final mosaic-rs" --m 80 --n 624 --k 6728
ab "mosaic-final mosaic-rs" --m 80 --n 312 --k 1808
ab "mosaic-final mosaic-rs" --m 128 --n 968 --k 8048
ab "mosaic-final mosaic-rs" --m 80 --n 440 --k 4072
ab "mosaic-final mosaic-rs" --m 80 --n 2064 --k 5328
ab "mosaic-final mosaic-rs" --m 2416 --n 320 --k 6520
ab "mosaic-final mosaic-rs" --m 392 --n 352 --k 4712
ab "mosaic-final mosaic-rs" --m 824 --n 352 --k 6488
ab "mosaic-final mosaic-rs" --m 352 --n 1952 --k 4768
ab "mosaic-final mosaic-rs" --m 437 --n 360 --k 1720
ab "mosaic-final mosaic-rs" --m 808 --n 344 --k 8160
ab "mosaic-final mosaic-rs" --m 512 --n 392 --k 7560
ab "mosaic-final mosaic-rs" --m 448 --n 1560 --k 4368
# The reduce-scatter build with a 10-stage ring (run 35-a: 6 -> 10 stages ran 1.01-1.12x at split-K 2).
for s in "1728 3360" "1392 2864" "1536 4096" "1104 4608"; do set -- $s; vs "mosaic-rs:-|mosaic-rs:--stages 10" --m 128 --n $1 --k $2; done
