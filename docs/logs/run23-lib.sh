# Shared preamble of the run-23 device scripts (sourced): run 22's helpers (`v`, `b`, `mc`,
# `e`, `ab_rounds`, `log`, `q`, `bp`, `bpb`, `suite`; `$M` / `$MB` the carried build, `$T` =
# sm_90a, `$BASE` a second build carried beside it: in run 23, d2d5eab, run 22's last commit).
. "$(dirname "${BASH_SOURCE[0]}")/run22-lib.sh"
# bpb SAMPLES ARGS...: bench with `$BASE` (run 22's labelled it "run-21 build"; 23-d's log
# still says so, but there `$BASE` was d2d5eab).
bpb() { log "bench (base build) --samples $1 ${*:2}"; timeout 150 $BASE bench gemm "${@:2}" --target $T --samples $1 2>&1 | grep "ratio [0-9]" | q | cut -c1-260; }
