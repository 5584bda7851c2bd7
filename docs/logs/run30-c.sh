#!/usr/bin/env bash
# Run 30-c (H100): (1) the launch order (n fastest on lone grids whose tile rows span more
# of m than the columns of n; .carry-rt/mosaic) against the base build (ede77f4,
# .carry-rt/mosaic-base) at every f16 default whose PTX it changes among 300 seeded random
# shapes (`A=base B=new python3 ptxdiff.py 60 300`: 34), with bf16 and tf32 (column-major B)
# cases; verify, memcheck and the verify suites of the new build. (2) `TRANSPOSED_MULTICAST_FACTOR`
# at 1.0 (.carry-rt/mosaic-tmf10: run30-hack-tmf.patch with MOSAIC_HACK_TMF=1.0) against
# 1.02 (the new build) at the 12 defaults it moves among 1200 seeded random shapes
# (`run28-sweep.py 61 600`, 62) and 3000x1000x3000. 30 paired samples, order rotated.
#   OUT=... bash docs/logs/run30-c.sh; REF=... python3 docs/logs/run28-ab.py LOG
. "$(dirname "$0")/run29-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
M="timeout 150 ./.carry-rt/mosaic"
v --m 2546 --n 344 --k 3240
v --m 609 --n 912 --k 2920 --dtype bf16
v --m 1744 --n 368 --k 1896 --alpha 1.5 --beta -0.5
v --m 2433 --n 632 --k 1760 --dtype tf32 --b-layout col
v --m 5600 --n 584 --k 5616 --dtype bf16 --c-dtype bf16
v --m 3000 --n 1000 --k 3000
mc --m 2546 --n 344 --k 3240
for d in f16 bf16 tf32; do log "suite $d"; timeout 200 $M verify gemm --m 1 --n 1 --k 1 --suite --dtype $d --target $T 2>&1 | grep -E "^FAIL|passed"; done
for s in $(awk '/x/ {print $1}' <<'LIST'
1744x368x1896 1e9048 15ac2d
2072x480x1944 1db886 416446
532x488x1768 18b488 335b4f
2328x328x5824 743251 8f4c3c
2768x336x824 2a2bee 590526
1040x496x680 f773f9 dd0626
2432x632x1760 5e79b2 19895c
432x4776x2080 2dcfc3 648b05
1640x856x544 bba96d dd8d5d
824x272x6376 ab0d8d 017848
952x2280x776 50ba52 c8bf84
504x296x6680 f6e269 d0a5d1
2328x360x1752 9f7762 9d270e
696x408x2528 4ba6d1 90f06f
5032x312x1864 5b9f9b cced37
5456x312x704 2e0be4 6561e4
1456x992x816 3dd7de 95ed06
1856x936x456 2d6c98 620a49
1968x280x752 44d329 c41b77
2546x344x3240 2f3fa7 1bc480
778x368x280 9d3f0b fb92f9
802x336x9064 43efd4 25e42d
1960x456x4536 47352c 7bb49e
609x912x2920 a1db4c effa4b
400x5176x3080 b227a2 aadf32
616x320x3656 041b62 9f432f
844x784x1136 f9ae99 154fa2
1926x800x664 b0da8d 61d42e
5600x584x5616 52ed94 faa295
1384x560x400 340246 541b5c
584x264x2624 29ef1a 2cc482
1134x680x640 1dee0f 1c3ce0
704x640x776 ae1c81 04efa0
1896x992x4480 469429 4a8846
LIST
); do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk
done
for s in 1744x368x1896 2432x632x1760 5600x584x5616 432x4776x2080; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk --dtype bf16
done
for s in 2432x632x1760 5600x584x5616 432x4776x2080; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic-base mosaic" --m $m --n $n --k $kk --dtype tf32 --b-layout col
done
for s in 2312x6144x1640 784x6992x1976 5071x2920x2808 1096x7736x9176 1648x8848x8968 \
  4120x1448x1912 1912x4640x4168 4752x2896x3000 1136x8472x9240 3368x4296x1960 \
  7828x1544x4264 5858x2496x2616 3000x1000x3000; do
  IFS=x read m n kk <<< "$s"
  ab "mosaic mosaic-tmf10" --m $m --n $n --k $kk
done
