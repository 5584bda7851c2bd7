#!/usr/bin/env bash
# Run 25-h: the unpaired defaults on an H200: 4224x4096x4096 (f16, bf16), 6272x4096x4096,
# 2048x3072x4096 and 1152x14336x4096, this build (`bpc`) against the base build 354c181
# (`bpb`), 30 samples, order alternating; verify at 4224.
#   OUT=... bash docs/logs/run25-h.sh
. "$(dirname "$0")/run25-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
v --m 4224 --n 4096 --k 4096
pair --m 4224 --n 4096 --k 4096
pair --m 4224 --n 4096 --k 4096 --dtype bf16
pair --m 6272 --n 4096 --k 4096
pair --m 2048 --n 3072 --k 4096
pair --m 1152 --n 14336 --k 4096
