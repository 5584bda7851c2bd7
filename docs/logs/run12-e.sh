#!/usr/bin/env bash
# Run 12-e (H100, inline in the call): the batched verify suites of 12-d again, f16 and s8,
# batch 2, every line but the passing ones kept (12-d's `--dtype all` batch-3 suites printed
# nothing: they ran past their 90-second timeout).
for d in f16 s8; do timeout 100 ./.carry-rt/mosaic verify bmm --batch 2 --m 1 --n 1 --k 1 --suite --dtype $d --target sm_90a 2>&1 | grep -vE "^ok" | tail -4; echo "rc=$? ($d)"; done
