# Shared preamble of the run-25 device scripts (sourced): run 24's helpers (`v`, `b`, `mc`,
# `e`, `ab_rounds`, `log`, `q`, `bp`, `bpc`, `suite`; `$M` / `$MB` the carried build, `$T` =
# sm_90a).
. "$(dirname "${BASH_SOURCE[0]}")/run24-lib.sh"
