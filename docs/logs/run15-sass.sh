M=./.carry-rt/mosaic-14
which ncu cuobjdump; ncu --version | tail -1
timeout 200 ncu -k regex:nvjet --launch-count 1 --section SourceCounters --page source --print-source sass --csv $M bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a --samples 20 > $OUT/cublas-sass.csv 2> $OUT/ncu-err.txt
echo "rc $?"; wc -l $OUT/cublas-sass.csv; head -c 600 $OUT/ncu-err.txt
timeout 200 ncu -k regex:mosaic --launch-count 1 --section SourceCounters --page source --print-source sass --csv $M bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a --samples 20 > $OUT/mosaic-sass.csv 2>> $OUT/ncu-err.txt
echo "rc $?"; wc -l $OUT/mosaic-sass.csv
