# Shared preamble of the run-13 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 12's final build (`mosaic-12`, commit
# e4c328c: batched GEMM on the warp path only).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-12
MB=$M; M="timeout 120 $MB"; OLDB=$OLD; OLD="timeout 120 $OLDB"
vb() { log "verify bmm $*"; $M verify bmm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
bb() { log "bench bmm $*"; $M bench bmm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
bbo() { log "bench bmm (old binary: $OLDB) $*"; $OLD bench bmm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
mcb() { log "memcheck bmm $*"; timeout 200 compute-sanitizer --tool memcheck $MB verify bmm "$@" --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200; }
