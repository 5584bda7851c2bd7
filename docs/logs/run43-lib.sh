# Shared preamble of the run-43 device scripts (sourced): run 34's helpers plus
#   suites BUILD     the LLM suite in f16, bf16 and tf32 (column-major B), 20 samples, tables
#                    to $OUT/llm-{f16,bf16,tf32}.txt, geomeans to the log;
#   criterion BUILD  the decode criterion's shapes (39-g's 25 at M = 128 and 25 at M = 16),
#                    one `bx` each.
. "$(dirname "${BASH_SOURCE[0]}")/run34-lib.sh"
suites() {
  local d
  for d in f16 bf16 "tf32 --b-layout col"; do
    log "suite llm $d"
    timeout 200 ./.carry-rt/$1 bench gemm --m 1 --n 1 --k 1 --suite llm --dtype $d --target $T --samples 20 > "$OUT/llm-${d%% *}.txt" 2>&1
    grep -iE "geometric" "$OUT/llm-${d%% *}.txt"
  done
}
criterion() {
  local b=$1 s
  for s in "1656 1080" "6128 2808" "3120 5912" "4088 5560" "2776 1472" "2104 2384" "1560 1336" "2744 7096" "8840 2904" "1264 1088" "4240 1616" "2184 3240" "6472 1632" "7088 1024" "2688 1512" "1784 3888" "4640 2512" "3824 5096" "2888 1728" "7704 8496" "2600 2480" "2000 3448" "1680 1184" "2064 8256" "5264 1080"; do
    set -- $s; bx $b --m 128 --n $1 --k $2
  done
  for s in "5680 3864" "1544 6808" "1808 1520" "2344 8720" "1160 6872" "7264 1872" "6808 1656" "4672 7792" "2016 1752" "3768 6128" "3088 1136" "5096 1752" "5288 2056" "1496 3344" "6424 9280" "2416 3776" "2952 5256" "2768 1184" "9288 2096" "7376 1728" "1616 2408" "4712 3536" "2416 6720" "4000 1168" "2536 2056"; do
    set -- $s; bx $b --m 16 --n $1 --k $2
  done
}
