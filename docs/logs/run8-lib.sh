# Shared preamble of the run-8 device scripts (sourced): the carried binaries (this
# session's and run 7's final one, for same-run comparisons of defaults), the target, and
# one-line verify / bench / memcheck helpers.
. "$(dirname "${BASH_SOURCE[0]}")/run7-lib.sh"
OLD=./.carry-rt/mosaic-7
v() { log "verify $*"; $M verify gemm "$@" --target $T 2>&1 | tail -1 | q | cut -c1-220; }
b() { log "bench $*"; $M bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
bo() { log "bench (old binary: $OLD) $*"; $OLD bench gemm "$@" --target $T --samples 20 2>&1 | grep "ratio [0-9]" | q | cut -c1-220; }
mc() { log "memcheck $*"; compute-sanitizer --tool memcheck $M verify gemm "$@" --target $T 2>&1 | grep -E "ERROR SUMMARY|PASS|FAIL" | q | cut -c1-200; }

# The three dtypes' verify suites, then each `--m --n --k ...` argument string verified with
# alpha 1.5 and beta -0.5 (runs 8-l..8-n ran these lines inline).
suites_and() {
  for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
  for a in "$@"; do v $a --alpha 1.5 --beta -0.5; done
}

# Three interleaved rounds, `$OLD` then `$M`, f16, over the "m n k" shapes given. (As first
# written here it reset "$@" with `set --` and stopped in round 2, in run 9-a; 8-l..8-n ran
# their rounds inline.)
versus() {
  for round in 1 2 3; do
    log "round $round"
    for s in "$@"; do read -r sm sn sk <<< "$s"
      bo --m $sm --n $sn --k $sk --dtype f16
      b --m $sm --n $sn --k $sk --dtype f16
    done
  done
}

# An H200 run of the carried binary (8-j and 8-p ran these lines inline): verify suites,
# memcheck on a TMA-store, a transposed and a stream-K kernel, the squares and the LLM suites.
h200_run() {
  nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader
  for d in f16 bf16 tf32; do log "suite $d"; $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
  mc --m 3000 --n 2056 --k 1032
  mc --m 24 --n 1032 --k 1032
  mc --m 3000 --n 2056 --k 1032 --stream-k on
  squares
  llm_suites
}
