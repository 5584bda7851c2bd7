# Shared preamble of the run-23 device scripts (sourced): run 22's helpers (`v`, `b`, `mc`,
# `e`, `ab_rounds`, `log`, `q`, `bp`, `bpb`, `suite`; `$M` / `$MB` the carried build, `$T` =
# sm_90a, `$BASE` a second build carried beside it: in run 23, d2d5eab, run 22's last commit).
. "$(dirname "${BASH_SOURCE[0]}")/run22-lib.sh"
