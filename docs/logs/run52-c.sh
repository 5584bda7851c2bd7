#!/usr/bin/env bash
# Run 52-c: the residue-map TMA reads of a B of unaligned row pitch (run52-c-residue-maps.cu).
#   OUT=... bash docs/logs/run52-c.sh
set -e
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit --format=csv,noheader
nvcc -O2 -arch=sm_90a -o /tmp/rm "$(dirname "$0")/run52-c-residue-maps.cu" -L/usr/local/cuda/lib64/stubs -lcuda
/tmp/rm
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
echo "### memcheck"; timeout 120 $SAN --tool memcheck /tmp/rm check-only 2>&1 | grep -E "^check|ERROR SUMMARY" || true
