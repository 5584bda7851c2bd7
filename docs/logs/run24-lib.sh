# Shared preamble of the run-24 device scripts (sourced): run 23's helpers (`v`, `b`, `mc`,
# `e`, `ab_rounds`, `log`, `q`, `bp`, `bpb`, `suite`; `$M` / `$MB` the carried build, `$T` =
# sm_90a, `$BASE` a second build carried beside it).
. "$(dirname "${BASH_SOURCE[0]}")/run23-lib.sh"
# bpc SAMPLES ARGS...: `bp` keeping the launch's CTA count (the bench line's bracket).
bpc() { log "bench --samples $1 ${*:2}"; $M bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | sed -E 's/ \[([0-9]+) samples x ([0-9]+) launches of ([0-9]+) CTAs.*/ [\3 CTAs]/' | cut -c1-260; }
