H=./.carry-rt/mosaic-hack
for s in "4096 4096 4096" "3000 2056 1032"; do read -r a b c <<< "$s"; echo "== verify sk1 $s"; MOSAIC_HACK_SK1=1 timeout 100 $H verify gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --stream-k on 2>&1 | tail -1; done
for round in 1 2; do
for s in "4096 4096 4096" "4096 4096 1024" "8192 8192 8192"; do read -r a b c <<< "$s"
  echo "== $s default"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s multicast off"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --multicast off 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s stream-k (2 waves)"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --stream-k on 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s stream-k last wave"; MOSAIC_HACK_SK1=1 timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --stream-k on 2>&1 | grep "ratio [0-9]" | cut -c1-200
done; done
