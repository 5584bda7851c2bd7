# Shared preamble of the run-28 device scripts (sourced): run 27's helpers (`v`, `mc`, `e`,
# `log`, `q`, ...; `$M` the carried build, `$BASE` the base build, `$T` = sm_90a), plus
# `ab`: 30 paired samples of several builds on one shape, in an order rotated per call.
. "$(dirname "${BASH_SOURCE[0]}")/run27-lib.sh"
# bx NAME ARGS...: `bench --samples 30` of ./.carry-rt/NAME, logged as "bench (NAME)".
bx() { log "bench ($1) --samples 30 ${*:2}"; timeout 150 ./.carry-rt/$1 bench gemm "${@:2}" --target $T --samples 30 2>&1 | grep "ratio [0-9]" | q | sed -E 's/ \[([0-9]+) samples x ([0-9]+) launches of ([0-9]+) CTAs.*/ [\3 CTAs]/' | cut -c1-260; }
# ab "NAME..." ARGS...: bx of each named build on one shape, the first name first on the
# first call, the second first on the next, and so on.
j=0
ab() {
  local names=($1) n; shift; j=$((j + 1))
  local c=${#names[@]}
  for ((t = 0; t < c; t++)); do n=${names[$(((t + j) % c))]}; bx $n "$@"; done
}
