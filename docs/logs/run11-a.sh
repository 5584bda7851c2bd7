#!/usr/bin/env bash
# Run 11-a (H100): where 4096^3 f16 spends its time. (1) the fixed cost per tile: 4096 x
# 4096 x K for K = 64..4096, mosaic and cuBLAS; (2) the TMA-store epilogue off; (3) ncu:
# shared-memory bank and L2 throughput of mosaic's and cuBLAS's kernels, to tell whether
# the main loop is bound by shared-memory bandwidth (wgmma operand reads + TMA writes).
#   OUT=... bash docs/logs/run11-a.sh
. "$(dirname "$0")/run11-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
for k in 64 256 1024 4096; do b --m 4096 --n 4096 --k $k --dtype f16; done
b --m 4096 --n 4096 --k 4096 --dtype f16 --tma-store off
log "ncu metric names"
ncu --query-metrics 2>/dev/null | grep -E "^(l1tex__data_bank|l1tex__data_pipe_lsu_wavefronts_mem_shared|lts__t_bytes|l1tex__m_xbar2l1tex|smsp__inst_executed_pipe_lsu) " | cut -c1-100
MET=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_reads.sum,l1tex__data_bank_writes.sum,lts__t_bytes.sum.per_second,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,l1tex__m_xbar2l1tex_read_bytes.sum.per_second
log "ncu 4096^3 f16 (cuBLAS then mosaic)"
ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 6 --launch-count 2 --metrics $MET $M bench gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-130
log "ncu 4096 x 4096 x 64 f16 (cuBLAS then mosaic): the fixed part"
ncu --clock-control none --kernel-name regex:'mosaic_gemm|nvjet|sm90' --launch-skip 6 --launch-count 2 --metrics $MET $M bench gemm --m 4096 --n 4096 --k 64 --dtype f16 --target $T --samples 20 2>&1 | grep -E "^  [a-z]|^    [a-z]|==ERR|rror" | cut -c1-130
