#!/usr/bin/env bash
# Run 19-c: the epilogue overlap (2x128) at every k-tile count against the default (only up
# to 32 k-tiles), timed and sustained (`--energy 1`), on the suite shapes whose kernels it
# changes (M = 4096 rows of `--suite llm` with K >= 4096, and 8192^3). `mosaic-ov` is the
# diagnostic build with AUTO_OVERLAP_MAX_KT = i64::MAX. First, 4096^3 with the sampling
# thread (are the sampled watts now the counter's?).
#   OUT=... bash docs/logs/run19-c.sh
. "$(dirname "$0")/run19-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
e --m 4096 --n 4096 --k 4096 --dtype f16
E_SECS=1
for d in f16 bf16 "tf32 --b-layout col"; do
  for s in "4096 4096 4096" "4096 6144 4096" "4096 4096 14336" "4096 15360 5120" "4096 5120 5120" "4096 5120 13824" "8192 8192 8192"; do
    read -r sm sn sk <<< "$s"
    MB=./.carry-rt/mosaic e --m $sm --n $sn --k $sk --dtype $d
    MB=./.carry-rt/mosaic-ov e --m $sm --n $sn --k $sk --dtype $d
  done
done
