# Shared preamble of the run-34 device scripts (sourced): run 31's helpers (`av`, `ab`, `bx`,
# `v`, `mc`, `kn`, `log`, `q`; `$T` = sm_90a), plus `nf`: one kernel's full ncu profile.
. "$(dirname "${BASH_SOURCE[0]}")/run31-lib.sh"
# nf NAME TAG REGEX ARGS...: `ncu --set full` of the fourth launch whose kernel name matches
# REGEX (`mosaic_gemm` or `nvjet|sm90_` for cuBLAS) in `bench` of ./.carry-rt/NAME with ARGS,
# clocks free; the raw metrics (CSV) go to $OUT/nf-TAG-raw.csv, the run's output and the details
# page to $OUT/nf-TAG.txt.
nf() {
  local name=$1 tag=$2 re=$3; shift 3
  log "ncu full ($name, $re) $*"
  timeout 240 $NCU --clock-control none --set full --kernel-name regex:"$re" --launch-skip 3 --launch-count 1 \
    -o "$OUT/nf-$tag" ./.carry-rt/$name bench gemm "$@" --target $T --samples 20 > "$OUT/nf-$tag-run.txt" 2>&1
  $NCU -i "$OUT/nf-$tag.ncu-rep" --page raw --csv > "$OUT/nf-$tag-raw.csv" 2>&1
  $NCU -i "$OUT/nf-$tag.ncu-rep" --page details >> "$OUT/nf-$tag-run.txt" 2>&1
  mv "$OUT/nf-$tag-run.txt" "$OUT/nf-$tag.txt"
  rm -f "$OUT/nf-$tag.ncu-rep"
  grep -E "^    (Duration|DRAM Throughput|L2 Cache Throughput|Compute \(SM\) Throughput|L2 Hit Rate|Memory Throughput)" "$OUT/nf-$tag.txt" | sed -E 's/ +/ /g'
}
# vs "BUILD:FLAGS|BUILD:FLAGS|..." ARGS...: bx of each build with ARGS plus its flags ("-"
# none), the first first on the first call, the second first on the next, and so on.
kv=0
vs() {
  local sets=$1 t; shift; kv=$((kv + 1))
  IFS='|' read -ra xs <<< "$sets"
  local c=${#xs[@]}
  for ((t = 0; t < c; t++)); do
    local x=${xs[$(((t + kv) % c))]} f; f=${x#*:}; [ "$f" = "-" ] && f=""
    bx "${x%%:*}" "$@" $f
  done
}
