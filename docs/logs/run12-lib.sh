# Shared preamble of the run-12 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 11's final build (`mosaic-11`, commit
# 8729c90's kernels).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-11

# Rank of the `${1}`th one-warpgroup, persistent, stream-K-free warpgroup plan for the
# shape in the remaining arguments (the plans `--pingpong on` takes).
pp() {
  local nth=$1; shift
  $M plans gemm "$@" --target $T --top 100 --json | python3 -c '
import json, sys
ps = [e for e in json.load(sys.stdin)["plans"]
      if e["plan"]["worker_threads"] == 128 and e["plan"]["workers"][0] == 1
      and e["plan"]["persistent"] and not e["plan"]["stream_k"]]
print(ps[int(sys.argv[1]) - 1]["rank"])' "$nth"
}
