H=./.carry-rt/mosaic-hack
echo "== verify lsu"; MOSAIC_HACK_EPI=lsu timeout 100 $H verify gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a --borrow-stages off 2>&1 | tail -1
for round in 1 2; do
for s in "4096 4096 4096" "4096 4096 1024" "8192 8192 8192"; do read -r a b c <<< "$s"
  echo "== $s old"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s lsu"; MOSAIC_HACK_EPI=lsu timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off 2>&1 | grep "ratio [0-9]"| cut -c1-200
done; done
