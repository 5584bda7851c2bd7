# Shared preamble of the run-6 device scripts that log to $OUT/log.txt (sourced; they ran
# with these lines inline): the carried binary, the target, section headers and a timed,
# logged `run`, and the card's identity.
set -u
M=./.carry-rt/mosaic
T=sm_90a
log() { echo "### $*" | tee -a "$OUT/log.txt"; }
run() { log "$*"; local t0=$(date +%s); "$@" 2>&1 | tee -a "$OUT/log.txt"; echo "(exit ${PIPESTATUS[0]}, $(( $(date +%s) - t0 )) s)" | tee -a "$OUT/log.txt"; }
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee -a "$OUT/log.txt"
