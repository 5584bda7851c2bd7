# Shared preamble of the run-15 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 14's final build (`mosaic-14`, commit
# 8d49367).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-14
MB=$M; M="timeout 150 $MB"
