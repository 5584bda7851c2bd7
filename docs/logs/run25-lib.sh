# Shared preamble of the run-25 device scripts (sourced): run 24's helpers (`v`, `b`, `mc`,
# `e`, `ab_rounds`, `log`, `q`, `bp`, `bpc`, `suite`; `$M` / `$MB` the carried build, `$T` =
# sm_90a), plus `pair`.
. "$(dirname "${BASH_SOURCE[0]}")/run24-lib.sh"
# pair ARGS...: 30 paired samples of this build (`bpc`) and of the base build (`bpb`, `$BASE`)
# on one shape, this build first on odd calls and second on even ones.
i=0
pair() { i=$((i + 1)); if [ $((i % 2)) = 1 ]; then bpc 30 "$@"; bpb 30 "$@"; else bpb 30 "$@"; bpc 30 "$@"; fi; }
