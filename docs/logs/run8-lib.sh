# Shared preamble of the run-8 device scripts (sourced): the carried binaries (this
# session's and run 7's final one, for same-run comparisons of defaults), the target, and
# one-line verify / bench / memcheck helpers.
. "$(dirname "${BASH_SOURCE[0]}")/run7-lib.sh"
OLD=./.carry-rt/mosaic-7
v() { log "verify $*"; $M verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
b() { log "bench $*"; $M bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
bo() { log "bench (old binary: $OLD) $*"; $OLD bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
mc() { log "memcheck $*"; compute-sanitizer --tool memcheck $M verify gemm "$@" --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200; }
