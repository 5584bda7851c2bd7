# Shared preamble of the run-27 device scripts (sourced): run 26's helpers (`v`, `b`, `mc`,
# `e`, `log`, `q`, `bp`, `bpb`, `bpc`, `pair`, `suite`, `fit`, `clocks_start` /
# `clocks_stop`; `$M` / `$MB` the carried build, `$BASE` the base build, `$T` = sm_90a).
. "$(dirname "${BASH_SOURCE[0]}")/run26-lib.sh"
