H=./.carry-rt/mosaic-hack
for s in "4096 4096 4096" "3000 2056 1032"; do read -r a b c <<< "$s"; echo "== verify mix $s"; MOSAIC_HACK_MIX=direct timeout 100 $H verify gemm --m $a --n $b --k $c --dtype f16 --target sm_90a 2>&1 | tail -1; done
for round in 1 2 3; do
for s in "4096 4096 4096" "4096 4096 1024"; do read -r a b c <<< "$s"
  echo "== $s base"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s mix"; MOSAIC_HACK_MIX=direct timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]" | cut -c1-200
done; done
