#!/usr/bin/env bash
# Run 23-i (H200): the row-major-B decode shapes at N = 5120, the lowest of the H200's f16 /
# bf16 suites after 23-h (0.935-0.938; the H100 ran them at 1.03-1.10 in 23-e): cuBLAS's
# kernel and tensor maps there (run23-tmaporacle.c), then two rounds of the default (128x64,
# 80 CTAs) against 64x80 tiles with a 16-column tail box (`mosaic-hack`, MOSAIC_WN80),
# the transposed 64x128 plan (plan 4) and 128x128 split-K 2 (plan 8).
#   OUT=... bash docs/logs/run23-i.sh
. "$(dirname "$0")/run23-lib.sh"
H=./.carry-rt/mosaic-hack
hb() { log "bench (wn80) --samples $1 ${*:2}"; MOSAIC_WN80=1 timeout 150 $H bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
gcc -shared -fPIC -O2 -I/usr/local/cuda/include -o $OUT/to.so docs/logs/run23-tmaporacle.c -L/usr/local/cuda/lib64 -lcupti -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
for s in "128 5120 5120 f16" "128 5120 13824 bf16"; do set -- $s
  log "oracle: $s"
  MOSAIC_MNK="$1 $2 $3" CUDA_INJECTION64_PATH=$OUT/to.so LD_LIBRARY_PATH=/usr/local/cuda/lib64 timeout 120 $MB bench gemm --m $1 --n $2 --k $3 --dtype $4 --target $T --samples 20 2>&1 \
    | grep -E "^ORACLE|MATCH|closest|ratio [0-9]|rror" | sort -u | cut -c1-300
done
rm -f $OUT/to.so
for r in 1 2; do
  for s in "--m 128 --n 5120 --k 5120 --dtype f16" "--m 128 --n 5120 --k 13824 --dtype bf16"; do
    bp 100 $s; hb 100 $s; bp 100 $s --plan 4; bp 100 $s --plan 8
  done
done
