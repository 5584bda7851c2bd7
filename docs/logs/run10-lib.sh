# Shared preamble of the run-10 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 9's final build (`mosaic-9`, commit
# 8fb7260's kernels).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-9
