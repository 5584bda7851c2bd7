#!/usr/bin/env bash
# Run 25-f: the two shapes that 25-e found slower with the new default, again, and more of
# their classes: paired 128x256 -> unpaired 128x192 (2176x14336x4096 lost 1.2% in 25-e;
# 1664x28672, 3968x14336, 6272x3072) and -> unpaired 256x128 (8320x1024x8192 lost 3.4%;
# 8320x1024x4096, 2688x3072x4096). New build `bpc`, base build 354c181 `bpb`, 30 samples.
#   OUT=... bash docs/logs/run25-f.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
pair --m 2176 --n 14336 --k 4096
pair --m 1664 --n 28672 --k 4096
pair --m 3968 --n 14336 --k 4096
pair --m 6272 --n 3072 --k 4096
pair --m 8320 --n 1024 --k 8192
pair --m 8320 --n 1024 --k 4096
pair --m 2688 --n 3072 --k 4096
pair --m 2176 --n 14336 --k 4096
pair --m 8320 --n 1024 --k 8192
