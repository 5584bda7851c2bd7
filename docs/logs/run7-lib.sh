# Shared preamble of the run-7 device scripts (sourced; they ran with these lines inline):
# the carried binary, the target, a filter that shortens verify/bench lines, section
# headers, and the card's identity.
set -u
M=./.carry-rt/mosaic
T=sm_90a
q() { sed -E 's/seed.*vs cuBLAS rel/cuBLAS rel/; s/\[20 samples.*//'; }
log() { echo "### $*"; }
