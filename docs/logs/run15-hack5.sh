H=./.carry-rt/mosaic-hack
echo "== verify bufs5"; MOSAIC_HACK_BUFS=1 timeout 100 $H verify gemm --m 3000 --n 2056 --k 1032 --dtype f16 --target sm_90a --borrow-stages off --stages 3 2>&1 | tail -1
for round in 1 2; do
for s in "4096 4096 4096" "4096 4096 1024"; do read -r a b c <<< "$s"
  echo "== $s 4 stages"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s 3 stages"; timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off --stages 3 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s 3 stages bufs 5"; MOSAIC_HACK_BUFS=1 timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off --stages 3 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s 3 stages nostore"; MOSAIC_HACK_EPI=nostore timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off --stages 3 2>&1 | grep "ratio [0-9]" | cut -c1-200
  echo "== $s 3 stages none"; MOSAIC_HACK_EPI=none timeout 100 $H bench gemm --m $a --n $b --k $c --dtype f16 --target sm_90a --samples 20 --borrow-stages off --stages 3 2>&1 | grep "ratio [0-9]" | cut -c1-200
done; done
