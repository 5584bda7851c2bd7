#!/usr/bin/env bash
# Run 22-b: issue 4's goal table with the run-22 build (its default kernels are byte-identical
# to run 21's): 4096^3 (f32 C and 16-bit C) and 8192^3 in the three dtypes, paired samples,
# then the three LLM suites (whole tables in $OUT/llm-*.txt).
#   OUT=... bash docs/logs/run22-b.sh
. "$(dirname "$0")/run22-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
# A multicast with an odd count of tile columns (95 and 11): the last pair's second CTA
# lies past N (22-e's 100x6080x4000 ranked a transposed plan, so it ran none).
v --m 128 --n 6080 --k 4000 --alpha 1.5 --beta -0.5 --multicast a
mc --m 128 --n 6080 --k 4000 --alpha 1.5 --beta -0.5 --multicast a
v --m 3000 --n 2816 --k 1000 --dtype bf16 --multicast a
for d in f16 bf16; do
  for i in 1 2; do bp 100 --m 4096 --n 4096 --k 4096 --dtype $d; done
  bp 100 --m 4096 --n 4096 --k 4096 --dtype $d --c-dtype $d
  bp 30 --m 8192 --n 8192 --k 8192 --dtype $d
done
bp 100 --m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col
bp 30 --m 8192 --n 8192 --k 8192 --dtype tf32 --b-layout col
llm_suites
