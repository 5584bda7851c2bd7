# Shared preamble of the run-21 device scripts (sourced): run 19's helpers (`e`: timed and
# sustained bench of `$MB`; `v`, `b`, `mc`, `log`, `q`; `$T` = sm_90a) plus `ab_rounds`, the
# interleaved A/B loop that runs 20-a and 20-c wrote inline.
. "$(dirname "${BASH_SOURCE[0]}")/run19-lib.sh"

# ab_rounds ROUNDS "SHAPE ARGS" "VARIANT ARGS"...: ROUNDS rounds of `e` on one shape with
# each variant's extra arguments in turn; even rounds run the variants in reverse order, so
# that no variant always follows the same one. A variant "-" means no extra arguments.
ab_rounds() {
  local rounds=$1 shape=$2; shift 2
  local vs=("$@") r i n=$#
  for ((r = 1; r <= rounds; r++)); do
    log "round $r: $shape"
    for ((i = 0; i < n; i++)); do
      local j=$(( r % 2 == 1 ? i : n - 1 - i ))
      local x=${vs[$j]}; [ "$x" = "-" ] && x=""
      e $shape $x
    done
  done
}
