# Shared preamble of the run-11 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 10's final build (`mosaic-10`, commit
# 8cfde4d's kernels).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-10
