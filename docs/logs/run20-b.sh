#!/usr/bin/env bash
# Run 20-b: the sustained schedule. Run 20-a's suite with `--energy 0.3` showed mosaic
# 5-8% ahead sustained at M = 4096 where the timed ratio is 0.996-1.012, mosaic's runs
# partly below the power cap and cuBLAS's never. Three rounds with no warm-up put mosaic
# first twice, right after the bursty timed samples. `mosaic` = this session's build (one
# unmeasured warm-up run, then four rounds A B, B A, A B, B A); `mosaic-3r` = run 19's
# build (three rounds, no warm-up; same kernels); `mosaic-sh50u` = the new schedule with
# docs/logs/run20-hack-sh50u.patch (cuBLAS's 50 us suspend-time hint on every wait).
#   OUT=... bash docs/logs/run20-b.sh
. "$(dirname "$0")/run19-lib.sh"
R3=./.carry-rt/mosaic-3r
H=./.carry-rt/mosaic-sh50u
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
for secs in 0.3 0.3; do
  E_SECS=$secs e --m 4096 --n 4096 --k 4096 --dtype f16
  MB=$R3 E_SECS=$secs e --m 4096 --n 4096 --k 4096 --dtype f16
done
for r in 1 2; do
  for d in f16 bf16; do
    e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=$R3 e --m 4096 --n 4096 --k 4096 --dtype $d
    MB=$H e --m 4096 --n 4096 --k 4096 --dtype $d
  done
done
