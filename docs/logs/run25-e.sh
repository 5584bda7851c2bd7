#!/usr/bin/env bash
# Run 25-e: shapes whose default plan changed with the unpaired grids (a sweep of 1960 f16
# shapes found 176 changed; see docs/BENCHMARKS.md run 25), the new build (`bpc`) against
# the base build 354c181 (`bpb`, `.carry-rt/mosaic-base`), 30 samples, order alternating.
# Old -> new default (modeled gain) in the comment of each line.
#   OUT=... bash docs/logs/run25-e.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
pair --m 1152 --n 14336 --k 4096   # 64x256 paired -> 128x256 unpaired (+10%)
pair --m 1408 --n 11008 --k 4096   # 128x256 paired -> 128x192 unpaired (+5%)
pair --m 1920 --n 28672 --k 4096   # 192x128 paired -> 128x256 unpaired (+0.5%)
pair --m 2048 --n 3072 --k 4096    # 128x128 paired -> 192x128 unpaired (+7%)
pair --m 2176 --n 14336 --k 4096   # 128x256 paired -> 128x192 unpaired (+5%)
pair --m 3968 --n 11008 --k 4096   # 128x256 paired -> 128x192 unpaired (+3%)
pair --m 3968 --n 28672 --k 4096   # 128x192 paired -> 128x256 unpaired (+2.6%)
pair --m 4224 --n 3072 --k 4096    # 192x128 paired -> 128x192 unpaired (+1.8%)
pair --m 4224 --n 28672 --k 4096   # 128x256 paired -> unpaired (+2.5%)
pair --m 4736 --n 6144 --k 4096    # 128x256 paired -> 128x192 unpaired (+2.1%)
pair --m 6272 --n 1024 --k 4096    # 64x256 paired -> 192x128 unpaired (+9%)
pair --m 6272 --n 28672 --k 2048   # 128x256 paired -> unpaired (+1.3%)
pair --m 8320 --n 1024 --k 8192    # 128x192 paired -> 256x128 unpaired (+11%)
