# Shared preamble of the run-18 device scripts (sourced): run 16's helpers (verify `v`,
# bench `b`, memcheck `mc`, `suites_and`) on the carried binary `./.carry-rt/mosaic`.
. "$(dirname "${BASH_SOURCE[0]}")/run16-lib.sh"
