H=./.carry-rt/mosaic-hack
echo "== verify all"; MOSAIC_HACK_HINT=all timeout 100 $H verify gemm --m 3000 --n 2056 --k 1032 --dtype f16 --target sm_90a 2>&1 | tail -1
for round in 1 2; do
for s in "4096 4096 4096 f16" "4096 4096 1024 f16" "8192 8192 8192 f16" "4096 4096 4096 tf32 --b-layout col"; do read -r a b c d <<< "$s"
  for h in none store loads all a b; do echo "== $s hint=$h"; MOSAIC_HACK_HINT=$h timeout 100 $H bench gemm --m $a --n $b --k $c --dtype $d --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]"| cut -c1-200; done
done; done
