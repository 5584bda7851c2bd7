# Shared preamble of the run-31 device scripts (sourced): run 29's helpers (`av`, `ab`, `bx`,
# `v`, `mc`, `log`, `q`, ...; `$T` = sm_90a), plus `kn`: the kernel cuBLAS and mosaic launch
# for one shape (ncu launch statistics of one launch of each, clocks free).
. "$(dirname "${BASH_SOURCE[0]}")/run29-lib.sh"
# kn ARGS...: name, grid, block, cluster, registers, shared memory and duration of the first
# cuBLAS and mosaic launches after warm-up, from `bench --samples 20` under ncu.
# The whole report goes to $OUT/ncu-SHAPE.txt.
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
kn() {
  log "ncu launch stats $*"
  local f=$OUT/ncu-$(echo "$*" | tr -d ' -' | cut -c1-40).txt
  timeout 120 $NCU --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90_' --launch-skip 2 --launch-count 2 \
    --section LaunchStats --section SpeedOfLight ./.carry-rt/mosaic bench gemm "$@" --target $T --samples 20 > $f 2>&1
  grep -E "^  [a-z_]+.*\(|Duration|Grid Size|Block Size|Cluster Size|Registers Per|Dynamic Shared|L2 Cache Throughput|DRAM Throughput|Compute \(SM\)" $f | sed -E 's/ +/ /g' | cut -c1-200
}
