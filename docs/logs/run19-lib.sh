# Shared preamble of the run-19 device scripts (sourced): run 18's helpers on the carried
# binary `./.carry-rt/mosaic`, plus `e`: bench with the sustained energy runs (`--energy`),
# printing the timed ratio line and the energy table's row.
. "$(dirname "${BASH_SOURCE[0]}")/run18-lib.sh"
E_SECS=${E_SECS:-2}
e() {
  log "energy ($MB) $*"
  $MB bench gemm "$@" --target $T --samples 20 --energy $E_SECS > /tmp/e.txt 2>&1 || { tail -2 /tmp/e.txt; return; }
  grep -E "ratio [0-9]" /tmp/e.txt | q | cut -c1-200
  grep -E "^\| .*x.*x.* \| [0-9]" /tmp/e.txt | tail -1
  grep -o "sustained.*" /tmp/e.txt | sed -E "s/GEMMs in [0-9.]+ s//g" | cut -c1-700
}
