#!/usr/bin/env bash
# Run 35-a (H200): where the split-K 2 default loses time at M = 128 with whole-sector rows.
# 1. The split-K 2 kernel (108 CTAs of 64x64 tiles, half of K each) beside a kernel of the
#    same CTAs and per-CTA work without a split (256 rows, half K: 4 x 27 tiles) and beside
#    the 54-CTA kernel of half K; and `mosaic-xnr` (the final code with the partials' remote
#    loads and adds left out when MOSAIC_X_NOREDUCE is set: wrong C, timing only), also
#    at 128x1104x4608 (split-K 4 of 64x128 tiles).
# 2. Which kernels cuBLAS launches there (ncu launch statistics), and per-instruction stall
#    samples (SASS) of mosaic's and cuBLAS's kernels at 128x1728x3360.
#   OUT=... bash docs/logs/run35-a.sh
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
cp .carry-rt/mosaic-final .carry-rt/mosaic
bxe() { log "bench (mosaic-xnr, MOSAIC_X_NOREDUCE=1) --samples 30 $*"; MOSAIC_X_NOREDUCE=1 timeout 150 ./.carry-rt/mosaic-xnr bench gemm "$@" --target $T --samples 30 2>&1 | grep "ratio [0-9]" | q | sed -E 's/ \[([0-9]+) samples x ([0-9]+) launches of ([0-9]+) CTAs.*/ [\3 CTAs]/' | cut -c1-260; }
for s in "1728 3360 1680" "1392 2864 1432" "1536 4096 2048"; do
  set -- $s
  bx mosaic-final --m 128 --n $1 --k $2
  bxe --m 128 --n $1 --k $2
  bx mosaic-final --m 128 --n $1 --k $2 --stages 10
  bx mosaic-final --m 256 --n $1 --k $3 --stages 6
  bx mosaic-final --m 256 --n $1 --k $3
  bx mosaic-final --m 128 --n $1 --k $3
  bxe --m 128 --n $1 --k $2
  bx mosaic-final --m 128 --n $1 --k $2
done
bx mosaic-final --m 128 --n 1104 --k 4608
bxe --m 128 --n 1104 --k 4608
bx mosaic-final --m 128 --n 1104 --k 4608
kn --m 128 --n 1728 --k 3360
kn --m 128 --n 1392 --k 2864
for who in "mosaic mosaic_gemm" "cublas nvjet|sm90_"; do
  set -- $who
  log "ncu source counters ($1) 128x1728x3360"
  timeout 200 $NCU --clock-control none --kernel-name regex:"$2" --launch-skip 3 --launch-count 1 --section SourceCounters --section WarpStateStats \
    --export $OUT/src-$1 ./.carry-rt/mosaic-final bench gemm --m 128 --n 1728 --k 3360 --target $T --samples 20 > $OUT/src-$1-run.txt 2>&1
  $NCU --import $OUT/src-$1.ncu-rep --page source --csv --print-source sass > $OUT/src-$1-sass.csv 2>&1
  $NCU --import $OUT/src-$1.ncu-rep --page details >> $OUT/src-$1-run.txt 2>&1
  rm -f $OUT/src-$1.ncu-rep
  wc -l $OUT/src-$1-sass.csv
done
