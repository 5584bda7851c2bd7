# Shared preamble of the run-9 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 8's final build (`mosaic-8f`, commit
# 4f1a506's kernels; the review commits after it left the PTX unchanged).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-8f
