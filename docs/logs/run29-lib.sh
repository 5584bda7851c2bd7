# Shared preamble of the run-29 device scripts (sourced): run 28's helpers (`v`, `mc`, `log`,
# `q`, `bx`, `ab`, ...; `$M` the carried build, `$T` = sm_90a), plus `av`: 30 paired samples
# of one build on one shape under several flag sets, the order rotated per call.
. "$(dirname "${BASH_SOURCE[0]}")/run28-lib.sh"
# av NAME "FLAGS1|FLAGS2|..." ARGS...: bx of build NAME with ARGS plus each flag set ("-" is
# none), the first set first on the first call, the second first on the next, and so on.
k=0
av() {
  local name=$1 sets=$2 t; shift 2; k=$((k + 1))
  IFS='|' read -ra vs <<< "$sets"
  local c=${#vs[@]}
  for ((t = 0; t < c; t++)); do
    local x=${vs[$(((t + k) % c))]}; [ "$x" = "-" ] && x=""
    bx $name "$@" $x
  done
}
