# Shared preamble of the run-26 device scripts (sourced): run 25's helpers (`v`, `b`, `log`,
# `q`, `bp`, `bpb`, `bpc`, `pair`, `suite`; `$M` the carried build, `$BASE` the base build,
# `$T` = sm_90a), plus `clocks_start` / `clocks_stop` (nvidia-smi's SM clock and power every
# 100 ms into $OUT/clocks-TAG.csv, read only: the card's settings are left alone) and `fit`.
. "$(dirname "${BASH_SOURCE[0]}")/run25-lib.sh"
clocks_start() { nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > "$OUT/clocks-$1.csv" 2>&1 & CLOCKS_PID=$!; }
clocks_stop() { kill $CLOCKS_PID 2>/dev/null; wait $CLOCKS_PID 2>/dev/null; }
# fit BIN "M N K" PLANS...: each listed plan of BIN (20 paired samples), one line per plan
# prefixed "fit M N K pP" with the wall time at its start (to match the clock samples).
fit() {
  local bin=$1 s=$2; shift 2; set -- $s "$@"
  local m=$1 n=$2 k=$3; shift 3
  for p in "$@"; do
    echo "fit $m $n $k p$p $(date +%T.%N | cut -c1-12) $(timeout 100 $bin bench gemm --m $m --n $n --k $k --plan $p --target $T --samples 20 2>&1 | grep "ratio [0-9]" | sed -E 's/^ +//' | cut -c1-220)"
  done
}
