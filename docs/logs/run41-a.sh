#!/usr/bin/env bash
# Run 41-a: ring depth at M = 128. The lone-grid ring (`tessellate::ring::lone_stages`) holds
# 80 KiB of the streamed operand: 10 stages of 64x64 tiles, 6 of 64x128, where one CTA's
# shared memory holds 14 and 9; cuBLAS's kernels at M = 128 keep 13 stages of 64x64 and 8 of
# 64x128 / 128x64 (run 39-c ncu). Default against `--stages 16` (cut to what fits) and
# the L2 prefetch of k-tiles past the ring (`--l2-prefetch D`, new here: 8, and 64 = the
# whole K of most of these), alone and with the deeper ring, at 39-g's weak M = 128 shapes and
# 39-f's moved ones; then the gmma and shared store counts of cuBLAS's 64x64 kernel of two
# consumer warpgroups (how it splits a 64x64 tile).
#   OUT=... bash docs/logs/run41-a.sh; BASE=mosaic-41 python3 docs/logs/run39-vs.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for s in "1656 1080" "1560 1336" "5264 1080" "2888 1728" "8840 2904" "7704 8496" "2688 1512" \
         "2776 1472" "3824 5096" "3776 1352" "2960 1648" "6464 2920" "3272 1512 --dtype bf16" \
         "2160 1312 --dtype bf16" "2800 1168" "3504 1528" "3112 3424" "4432 1272"; do
  set -- $s; n=$1; k=$2; shift 2
  av mosaic-41 "-|--stages 16|--l2-prefetch 8|--l2-prefetch 64|--stages 16 --l2-prefetch 64" --m 128 --n $n --k $k "$@"
done
log "ncu gmma counts at 128x3776x1352"
timeout 120 $NCU --clock-control none --kernel-name regex:'mosaic_gemm|nvjet' --launch-skip 2 --launch-count 2 \
  --metrics smsp__sass_inst_executed_op_shared_gmma.sum,smsp__inst_executed.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_tma_ld.sum,gpu__time_duration.sum,launch__grid_size,launch__block_size \
  ./.carry-rt/mosaic-41 bench gemm --m 128 --n 3776 --k 1352 --target $T --samples 20 2>&1 | grep -E "^  [a-z_]|smsp__|gpu__|launch__" | sed -E 's/ +/ /g'
B=./.carry-rt/mosaic-41
for a in "--m 128 --n 3272 --k 1512 --dtype bf16" "--m 128 --n 1656 --k 1080" "--m 100 --n 1000 --k 1000 --b-layout col" "--m 16 --n 4096 --k 1000"; do
  log "verify $a --l2-prefetch 64"; timeout 120 $B verify gemm $a --target $T --l2-prefetch 64 2>&1 | tail -1 | cut -c1-220
done
log "memcheck --m 128 --n 2776 --k 1472 --l2-prefetch 64"
timeout 150 compute-sanitizer --tool memcheck $B verify gemm --m 128 --n 2776 --k 1472 --l2-prefetch 64 --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | cut -c1-200
