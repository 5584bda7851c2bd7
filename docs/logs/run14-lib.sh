# Shared preamble of the run-14 device scripts (sourced): run 8's helpers, with the old
# binary for same-run comparisons set to session 13's final build (`mosaic-13`, commit
# e2a725b).
. "$(dirname "${BASH_SOURCE[0]}")/run8-lib.sh"
OLD=./.carry-rt/mosaic-13
MB=$M; M="timeout 150 $MB"
