# Shared preamble of the run-16 device scripts (sourced): run 8's helpers (verify `v`,
# bench `b`, memcheck `mc`, `suites_and`) on the carried binary `./.carry-rt/mosaic`.
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
MB=$M; M="timeout 150 $MB"
