#!/usr/bin/env bash
# Run 18-b (H100): the CTA placement probe (run18-probe.cu): SM of every block for 2-CTA
# clusters (three launches, for determinism), no clusters, and 16-, 8- and 4-CTA clusters
# (a cluster's CTAs share a GPC, so these group the SMs by GPC).
#   OUT=... bash docs/logs/run18-b.sh
set -u
nvcc -arch=sm_90a -o $OUT/probe docs/logs/run18-probe.cu && $OUT/probe && rm -f $OUT/probe
