//! The targets as data. Every number carries its source in a comment; numbers marked
//! **ESTIMATE** are not published anywhere we could find and are also listed in the
//! target's `estimates` field so that callers can see them at run time.
//!
//! Source abbreviations used below:
//! - `[CG-TP]`: CUDA C++ Programming Guide, "Arithmetic Instructions" throughput table
//!   (results per clock cycle per multiprocessor, by compute capability).
//! - `[CG-CC]`: CUDA C++ Programming Guide, "Technical Specifications per Compute
//!   Capability" table (shared memory per SM / per block, threads per SM, registers).
//! - `[PTX]`: PTX ISA 8.x/9.x (`mma`, `wgmma`, `tcgen05`, `cp.async`, `cp.async.bulk.tensor`
//!   sections and their "Target ISA notes").
//! - `[A100-WP]`: NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020), Table 1, and
//!   the A100 80GB datasheet.
//! - `[GA102-WP]`: NVIDIA Ampere GA102 GPU Architecture whitepaper, Appendix A (RTX 3090).
//! - `[A10-DS]`: NVIDIA A10 Tensor Core GPU datasheet.
//! - `[ADA-WP]`: NVIDIA Ada GPU Architecture whitepaper, Appendix A Table 2 (RTX 4090).
//! - `[L20]`: NVIDIA L20 product brief figures (FP32/TF32 59.8, FP16/BF16 119.5, INT8 239
//!   dense), as quoted by DefTruth/CUDA-Learn-Notes (hgemm, sgemm READMEs) and third-party
//!   spec databases (topcpu.net: 92 SMs, 2520 MHz boost, 864 GB/s, 96 MB L2).
//! - `[H100-WP]`: NVIDIA H100 Tensor Core GPU Architecture whitepaper and H100 datasheet;
//!   summarized at glennklockwood.com/garden/processors/h100 (132 SMs, 1.83 GHz "low
//!   precision" / 1.98 GHz "high precision", FP32 66.9, FP16 vector 133.8, TF32 494.7,
//!   FP16/BF16 989.4, INT8 1978.9 dense). H200 datasheet for 141 GB / 4.8 TB/s.
//! - `[B200]`: NVIDIA HGX/DGX B200 datasheets (per GPU, dense = sparse / 2: FP16/BF16 2.25
//!   PF, TF32 1.125 PF, INT8 4.5 POPS; DGX B200 64 TB/s over 8 GPUs), per-GPU tables at
//!   glennklockwood.com/garden/processors/B200 and verda.com/blog/gb300-nvl72-architecture
//!   (FP32 75 TF, 5 T ex2/s, 180 GB); 148 SMs and 1965 MHz boost from a public device query
//!   quoted on r/LocalLLaMA ("B100 is essentially H100 w/ HBM3E").
//! - `[B300]`: NVIDIA technical blog "Inside NVIDIA Blackwell Ultra" (160 SMs, 640 tensor
//!   cores, 288 GB HBM3e, 8 TB/s, SFU ex2 throughput doubled); per-GPU HGX B300 table at
//!   verda.com (FP16/BF16 2.25 PF, TF32 1.1 PF, FP32 75 TF, INT8 0.15 POPS, 10.7 T ex2/s).
//! - `[RTXB-WP]`: NVIDIA RTX Blackwell GPU Architecture whitepaper, Appendix (RTX 5090:
//!   170 SMs, 2407 MHz, FP32 104.8, FP16 tensor 838 sparse / 419 dense with f16 accumulate,
//!   96 MB L2, 1792 GB/s). The f32-accumulate figure (209.5, GeForce half rate) is recalled
//!   from that appendix and was not re-checked in this session.
//! - `[GB10]`: Hot Chips 2025 GB10 talk as reported by The Register (31 TFLOP/s FP32,
//!   1 PFLOP/s FP4 sparse); DGX Spark spec sheet (6,144 CUDA cores = 48 SMs, 128 GB LPDDR5x,
//!   273 GB/s).
//! - `[ANCHORS]`: ../shared/ANCHORS.md, measured on an H200 (2026-11-22).
//! - `[MEAS]`: measured by this crate's `bench/mma_sync_rate.cu` on an H100 SXM; the
//!   command is next to the numbers it produced.
//! - `[JIA18]`: Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
//!   Microbenchmarking" (2018): two 64-bit register banks per SMSP, operand reuse caches.

use itex::DType::{self, BF16, F16, F32, S8, S32, TF32};

use crate::target::{DatasheetPeak, Features, PeakKind, TensorPath, TensorRate};

/// One architecture and the parts that share it.
pub(crate) struct ArchSpec {
    pub arch: &'static str,
    pub ffma: f64,
    pub int: f64,
    pub int_shares_fma_pipe: bool,
    pub ex2: f64,
    pub smem_per_sm: u32,
    pub smem_per_cta: u32,
    pub max_threads_per_sm: u32,
    pub features: Features,
    pub alpha: f64,
    pub estimates: &'static [&'static str],
    pub gpus: &'static [GpuSpec],
}

/// One part of an architecture.
pub(crate) struct GpuSpec {
    pub gpu: &'static str,
    pub aliases: &'static [&'static str],
    pub name: &'static str,
    pub sms: u32,
    pub clock_mhz: f64,
    pub max_boost_clock_mhz: f64,
    pub hfma: f64,
    pub tensor: &'static [TensorRate],
    pub l2_bytes: u64,
    pub dram_bytes: u64,
    pub dram_gb_per_s: f64,
    pub l2_fill_gb_per_s: Option<f64>,
    /// See [`crate::Target::quad_clusters`].
    pub quad_clusters: Option<u32>,
    /// See [`crate::Target::oct_clusters`].
    pub oct_clusters: Option<u32>,
    /// See [`crate::Target::dram_latency_ns`].
    pub dram_latency_ns: Option<f64>,
    pub datasheet: &'static [DatasheetPeak],
    pub estimates: &'static [&'static str],
}

const KIB: u32 = 1024;
const MIB: u64 = 1024 * 1024;
const GB: u64 = 1_000_000_000;

const fn tr(path: TensorPath, ab: DType, acc: DType, r: f64) -> TensorRate {
    TensorRate {
        path,
        ab,
        acc,
        fma_per_clk_per_sm: r,
    }
}
const fn mma(ab: DType, acc: DType, r: f64) -> TensorRate {
    tr(TensorPath::MmaSync, ab, acc, r)
}
const fn pk(kind: PeakKind, tflops: f64, source: &'static str) -> DatasheetPeak {
    DatasheetPeak {
        kind,
        tflops,
        source,
    }
}
const fn tk(path: TensorPath, ab: DType, acc: DType) -> PeakKind {
    PeakKind::Tensor(path, ab, acc)
}
const MS: TensorPath = TensorPath::MmaSync;
const WG: TensorPath = TensorPath::Wgmma;
const TC: TensorPath = TensorPath::Tcgen05;

// ---------------------------------------------------------------------------------------
// Features. [PTX] target notes: mma.sync m16n8k* and cp.async need sm_80; wgmma needs
// sm_90a; tcgen05 needs sm_100a/sm_103a (not sm_120a/121a); cp.async.bulk.tensor (TMA) and
// clusters need sm_90 or later (also available on sm_120/121).
const F_SM80: Features = Features {
    has_mma_sync: true,
    has_wgmma: false,
    has_tcgen05: false,
    has_cp_async: true,
    has_tma: false,
    has_clusters: false,
};
const F_SM90A: Features = Features {
    has_wgmma: true,
    has_tma: true,
    has_clusters: true,
    ..F_SM80
};
const F_SM100A: Features = Features {
    has_tcgen05: true,
    has_tma: true,
    has_clusters: true,
    ..F_SM80
};
const F_SM120A: Features = Features {
    has_tma: true,
    has_clusters: true,
    ..F_SM80
};

// ---------------------------------------------------------------------------------------
// Co-issue alphas (see `Target::coissue_alpha`).
//
// sm_90a, calibrated on [ANCHORS] ("FFMA issued by the same warps between wgmma issue and
// wait: combined throughput rose by at most ~0.5% (f16) and ~1.4% (tf32) at small FFMA
// shares; larger shares lowered the total").
// Per SMSP, tensor rate Rt and FFMA rate Rv (FMA/clk); rho = Rv / Rt = 128/2048 = 1/16 for
// f16 and 128/1024 = 1/8 for tf32. Giving a share s of W FMAs to FFMA:
//   T(s) = max((1-s) W/Rt + alpha s W/Rv,  s W/Rv + alpha (1-s) W/Rt).
// The best share equalizes the two terms: s* = Rv/(Rt+Rv), and
//   T(s*)/T(0) = (1+alpha)/(1+rho), so the best gain is G = (1+rho)/(1+alpha) - 1
// (or no gain, s* = 0, when alpha >= rho).
// Require G <= 1% for tf32 (rho = 0.125): alpha >= 1.125/1.01 - 1 = 0.11386. Choose 0.115:
//   tf32: G = 1.125/1.115 - 1 = +0.90% (measured: at most ~1.4%);
//   f16:  G = 1.0625/1.115 - 1 < 0, so pure wgmma is best (measured: at most ~0.5%).
// Checked in tests/calibration.rs.
const ALPHA_SM90A: f64 = 0.115;
// Blackwell datacenter: no measurement; carried over from sm_90a. ESTIMATE.
const ALPHA_SM100: f64 = 0.115;
// sm_80/86/89/120/121: no measurement; "small" per the brief. ESTIMATE. Note: the Mosaic
// paper's 1.08-1.28x on sm_89 tf32 (rho = 1) would, read as pure compute-bound overlap,
// imply alpha = 2/1.28 - 1 = 0.56; its measured gains include memory and scheduling losses
// this per-SMSP model leaves to other bounds, so 0.1 is kept until measured.
const ALPHA_MMA_SYNC: f64 = 0.1;

// ---------------------------------------------------------------------------------------
// sm_80: A100.
// [CG-TP] cc 8.0: 64 FP32 FMA/clk/SM, 64 INT32 add/clk/SM on separate lanes (GA100: 16 FP32
// + 16 INT32 lanes per SMSP), 16 MUFU ex2/clk/SM, 32 shuffles/clk/SM (all cc >= 5.0).
// [CG-CC] cc 8.0: 164 KB shared memory per SM, 163 KB per block, 2048 threads per SM.
static A100_TENSOR: [TensorRate; 5] = [
    // [A100-WP] 312 TFLOP/s f16/bf16 dense = 1024 * 2 * 108 * 1.41e9; f16 accumulate same.
    mma(F16, F16, 1024.0),
    mma(F16, F32, 1024.0),
    mma(BF16, F32, 1024.0),
    // [A100-WP] 156 TF32 = 512 FMA/clk/SM; 624 TOPS INT8 = 2048.
    mma(TF32, F32, 512.0),
    mma(S8, S32, 2048.0),
];
static A100_PEAKS: [DatasheetPeak; 6] = [
    pk(PeakKind::Ffma, 19.5, "[A100-WP] FP32 19.5 TFLOP/s"),
    pk(
        PeakKind::Hfma2,
        78.0,
        "[A100-WP] FP16 (non-tensor) 78 TFLOP/s",
    ),
    pk(tk(MS, F16, F32), 312.0, "[A100-WP] FP16 tensor 312"),
    pk(tk(MS, BF16, F32), 312.0, "[A100-WP] BF16 tensor 312"),
    pk(tk(MS, TF32, F32), 156.0, "[A100-WP] TF32 tensor 156"),
    pk(tk(MS, S8, S32), 624.0, "[A100-WP] INT8 tensor 624 TOPS"),
];
static SM80_GPUS: [GpuSpec; 1] = [GpuSpec {
    gpu: "a100-sxm",
    aliases: &["a100", "a100-sxm4", "a100-80gb"],
    name: "NVIDIA A100 SXM4 80GB",
    sms: 108,          // [A100-WP]
    clock_mhz: 1410.0, // [A100-WP] boost clock
    max_boost_clock_mhz: 1410.0,
    hfma: 256.0, // [A100-WP] 78 TFLOP/s FP16 non-tensor = 256 * 2 * 108 * 1.41e9
    tensor: &A100_TENSOR,
    l2_bytes: 40 * MIB,    // [A100-WP] 40 MB L2
    dram_bytes: 80 * GB,   // A100 80GB datasheet
    dram_gb_per_s: 2039.0, // A100 80GB SXM datasheet (40 GB part: 1555)
    l2_fill_gb_per_s: None,
    quad_clusters: None,
    oct_clusters: None,
    dram_latency_ns: None,
    datasheet: &A100_PEAKS,
    estimates: &[],
}];

// ---------------------------------------------------------------------------------------
// sm_86: RTX 3090 (GeForce GA102) and A10 (datacenter GA102).
// [CG-TP] cc 8.6: 128 FP32 FMA/clk/SM (16 FP32 + 16 FP32/INT32 lanes per SMSP, so integer
// work takes lanes from FFMA), 64 INT32/clk/SM, 16 ex2/clk/SM.
// [CG-CC] cc 8.6: 100 KB shared memory per SM, 99 KB per block, 1536 threads per SM.
static RTX3090_TENSOR: [TensorRate; 5] = [
    // [GA102-WP] RTX 3090: FP16 acc f16 142 dense = 512 * 2 * 82 * 1.695e9; FP16 acc f32 71
    // and BF16 71 (GeForce half rate); TF32 35.6; INT8 284.
    mma(F16, F16, 512.0),
    mma(F16, F32, 256.0),
    mma(BF16, F32, 256.0),
    mma(TF32, F32, 128.0),
    mma(S8, S32, 1024.0),
];
static RTX3090_PEAKS: [DatasheetPeak; 6] = [
    pk(PeakKind::Ffma, 35.6, "[GA102-WP] FP32 35.6"),
    pk(
        tk(MS, F16, F16),
        142.0,
        "[GA102-WP] FP16 tensor, f16 acc, 142",
    ),
    pk(
        tk(MS, F16, F32),
        71.0,
        "[GA102-WP] FP16 tensor, f32 acc, 71",
    ),
    pk(tk(MS, BF16, F32), 71.0, "[GA102-WP] BF16 tensor 71"),
    pk(tk(MS, TF32, F32), 35.6, "[GA102-WP] TF32 tensor 35.6"),
    pk(tk(MS, S8, S32), 284.0, "[GA102-WP] INT8 tensor 284 TOPS"),
];
static A10_TENSOR: [TensorRate; 5] = [
    // [A10-DS] FP16/BF16 tensor 125 dense = 512 * 2 * 72 * 1.695e9 (no GeForce halving);
    // TF32 62.5 = 256; INT8 250 = 1024. f16 accumulate: not stated, taken equal (ESTIMATE).
    mma(F16, F16, 512.0),
    mma(F16, F32, 512.0),
    mma(BF16, F32, 512.0),
    mma(TF32, F32, 256.0),
    mma(S8, S32, 1024.0),
];
static A10_PEAKS: [DatasheetPeak; 5] = [
    pk(PeakKind::Ffma, 31.2, "[A10-DS] FP32 31.2"),
    pk(tk(MS, F16, F32), 125.0, "[A10-DS] FP16 tensor 125"),
    pk(tk(MS, BF16, F32), 125.0, "[A10-DS] BF16 tensor 125"),
    pk(tk(MS, TF32, F32), 62.5, "[A10-DS] TF32 tensor 62.5"),
    pk(tk(MS, S8, S32), 250.0, "[A10-DS] INT8 tensor 250 TOPS"),
];
static SM86_GPUS: [GpuSpec; 2] = [
    GpuSpec {
        gpu: "rtx3090",
        aliases: &["3090", "rtx-3090", "geforce-rtx-3090"],
        name: "NVIDIA GeForce RTX 3090",
        sms: 82,           // [GA102-WP]
        clock_mhz: 1695.0, // [GA102-WP] boost clock
        max_boost_clock_mhz: 1695.0,
        hfma: 128.0, // [GA102-WP] FP16 non-tensor 35.6 = FP32 rate
        tensor: &RTX3090_TENSOR,
        l2_bytes: 6 * MIB,    // [GA102-WP] 6144 KB
        dram_bytes: 24 * GB,  // [GA102-WP]
        dram_gb_per_s: 936.0, // [GA102-WP] 19.5 Gbps x 384 bit
        l2_fill_gb_per_s: None,
        quad_clusters: None,
        oct_clusters: None,
        dram_latency_ns: None,
        datasheet: &RTX3090_PEAKS,
        estimates: &[],
    },
    GpuSpec {
        gpu: "a10",
        aliases: &["nvidia-a10"],
        name: "NVIDIA A10",
        sms: 72,           // [A10-DS] 9216 CUDA cores / 128
        clock_mhz: 1695.0, // [A10-DS] boost clock
        max_boost_clock_mhz: 1695.0,
        hfma: 128.0, // GA102 FP16 non-tensor = FP32 rate ([GA102-WP]); not in [A10-DS]
        tensor: &A10_TENSOR,
        l2_bytes: 6 * MIB,    // GA102 L2 ([GA102-WP])
        dram_bytes: 24 * GB,  // [A10-DS]
        dram_gb_per_s: 600.0, // [A10-DS]
        l2_fill_gb_per_s: None,
        quad_clusters: None,
        oct_clusters: None,
        dram_latency_ns: None,
        datasheet: &A10_PEAKS,
        estimates: &["tensor(f16,acc f16)"],
    },
];

// ---------------------------------------------------------------------------------------
// sm_89: RTX 4090 (GeForce AD102) and L20 (datacenter AD102).
// [CG-TP] cc 8.9: 128 FP32 FMA/clk/SM, 64 INT32/clk/SM sharing lanes with FP32, 16 ex2.
// [CG-CC] cc 8.9: 100 KB shared memory per SM, 99 KB per block, 1536 threads per SM.
static RTX4090_TENSOR: [TensorRate; 5] = [
    // [ADA-WP] RTX 4090: FP16 acc f16 330.3 dense = 512 * 2 * 128 * 2.52e9; FP16 acc f32
    // 165.2 and BF16 165.2 (GeForce half rate); TF32 82.6 = 128 (equal to FFMA); INT8 660.6.
    mma(F16, F16, 512.0),
    mma(F16, F32, 256.0),
    mma(BF16, F32, 256.0),
    mma(TF32, F32, 128.0),
    mma(S8, S32, 1024.0),
];
static RTX4090_PEAKS: [DatasheetPeak; 7] = [
    pk(PeakKind::Ffma, 82.6, "[ADA-WP] FP32 82.6"),
    pk(PeakKind::Hfma2, 82.6, "[ADA-WP] FP16 non-tensor 82.6"),
    pk(
        tk(MS, F16, F16),
        330.3,
        "[ADA-WP] FP16 tensor, f16 acc, 330.3",
    ),
    pk(
        tk(MS, F16, F32),
        165.2,
        "[ADA-WP] FP16 tensor, f32 acc, 165.2",
    ),
    pk(tk(MS, BF16, F32), 165.2, "[ADA-WP] BF16 tensor 165.2"),
    pk(tk(MS, TF32, F32), 82.6, "[ADA-WP] TF32 tensor 82.6"),
    pk(tk(MS, S8, S32), 660.6, "[ADA-WP] INT8 tensor 660.6 TOPS"),
];
static L20_TENSOR: [TensorRate; 5] = [
    // [L20] FP16/BF16 119.5 dense = 256 * 2 * 92 * 2.52e9 (-0.7%); the brief gives one FP16
    // figure, so f16 accumulate is taken equal to f32 accumulate (ESTIMATE, conservative);
    // TF32 59.8 = 128; INT8 239 = 512.
    mma(F16, F16, 256.0),
    mma(F16, F32, 256.0),
    mma(BF16, F32, 256.0),
    mma(TF32, F32, 128.0),
    mma(S8, S32, 512.0),
];
static L20_PEAKS: [DatasheetPeak; 5] = [
    pk(PeakKind::Ffma, 59.8, "[L20] FP32 59.8"),
    pk(tk(MS, F16, F32), 119.5, "[L20] FP16 tensor 119.5"),
    pk(tk(MS, BF16, F32), 119.5, "[L20] BF16 tensor 119.5"),
    pk(tk(MS, TF32, F32), 59.8, "[L20] TF32 tensor 59.8"),
    pk(tk(MS, S8, S32), 239.0, "[L20] INT8 tensor 239 TOPS"),
];
static SM89_GPUS: [GpuSpec; 2] = [
    GpuSpec {
        gpu: "rtx4090",
        aliases: &["4090", "rtx-4090", "geforce-rtx-4090"],
        name: "NVIDIA GeForce RTX 4090",
        sms: 128,          // [ADA-WP]
        clock_mhz: 2520.0, // [ADA-WP] boost clock
        max_boost_clock_mhz: 2520.0,
        hfma: 128.0, // [ADA-WP] FP16 non-tensor 82.6 = FP32 rate
        tensor: &RTX4090_TENSOR,
        l2_bytes: 72 * MIB,    // [ADA-WP] 73,728 KB
        dram_bytes: 24 * GB,   // [ADA-WP]
        dram_gb_per_s: 1008.0, // [ADA-WP] 21 Gbps x 384 bit
        l2_fill_gb_per_s: None,
        quad_clusters: None,
        oct_clusters: None,
        dram_latency_ns: None,
        datasheet: &RTX4090_PEAKS,
        estimates: &[],
    },
    GpuSpec {
        gpu: "l20",
        aliases: &["nvidia-l20"],
        name: "NVIDIA L20",
        sms: 92,           // [L20] 11,776 CUDA cores / 128
        clock_mhz: 2520.0, // [L20] boost clock (the 59.8 figure implies ~2540)
        max_boost_clock_mhz: 2520.0,
        hfma: 128.0, // AD102 FP16 non-tensor = FP32 rate ([ADA-WP]); [L20] lists none
        tensor: &L20_TENSOR,
        l2_bytes: 96 * MIB,   // [L20] third-party spec database: 96 MB
        dram_bytes: 48 * GB,  // [L20]
        dram_gb_per_s: 864.0, // [L20]
        l2_fill_gb_per_s: None,
        quad_clusters: None,
        oct_clusters: None,
        dram_latency_ns: None,
        datasheet: &L20_PEAKS,
        estimates: &["tensor(f16,acc f16)", "l2_bytes"],
    },
];

// ---------------------------------------------------------------------------------------
// sm_90a: H100 SXM and H200 (same GH100 configuration, 132 SMs).
// [CG-TP] cc 9.0: 128 FP32 FMA/clk/SM, 64 INT32/clk/SM on separate lanes, 16 ex2/clk/SM
// ([ANCHORS] measured ex2.approx alone at 15.9 results/clk/SM on an H200).
// [CG-CC] cc 9.0: 228 KB shared memory per SM, 227 KB per block, 2048 threads per SM.
static H100_TENSOR: [TensorRate; 10] = [
    // [H100-WP] FP16/BF16 989.4 dense = 2048 * 2 * 132 * 1.83e9 (4096 FLOP/clk/SM);
    // TF32 494.7 = 1024; INT8 1978.9 = 4096. f16 accumulate: same rate ([H100-WP] lists
    // one FP16 figure).
    tr(WG, F16, F16, 2048.0),
    tr(WG, F16, F32, 2048.0),
    tr(WG, BF16, F32, 2048.0),
    tr(WG, TF32, F32, 1024.0),
    tr(WG, S8, S32, 4096.0),
    // mma.sync on sm_90a: [MEAS] on an H100 SXM (132 SMs, cc 9.0), 2026-11-22, with
    //   nvcc -O3 -arch=sm_90a -o /tmp/mma_rate hw-models/bench/mma_sync_rate.cu
    //   /tmp/mma_rate 256; /tmp/mma_rate 512; /tmp/mma_rate 1024
    // (clock64 cycles, operands in registers, 8 independent accumulators per warp):
    // f16 acc f32 1352-1356, f16 acc f16 1360-1365, tf32 676-678 FMA/clk/SM, the same at
    // 8, 16 and 32 warps per SM, i.e. 2/3 of the wgmma rate. The implied clock under
    // mma.sync load was 1783-1807 MHz (FFMA alone: 1970-1988 MHz).
    // bf16 is taken equal to f16 and s8 as 2/3 of the wgmma s8 rate (not measured:
    // ESTIMATE).
    mma(F16, F16, 1360.0),
    mma(F16, F32, 1356.0),
    mma(BF16, F32, 1356.0),
    mma(TF32, F32, 678.0),
    mma(S8, S32, 2730.0),
];
static H100_PEAKS: [DatasheetPeak; 6] = [
    pk(PeakKind::Ffma, 66.9, "[H100-WP] FP32 66.9 at 1980 MHz"),
    pk(
        PeakKind::Hfma2,
        133.8,
        "[H100-WP] FP16 non-tensor 133.8 at 1980 MHz",
    ),
    pk(
        tk(WG, F16, F32),
        989.4,
        "[H100-WP] FP16 tensor 989.4 at 1830 MHz",
    ),
    pk(tk(WG, BF16, F32), 989.4, "[H100-WP] BF16 tensor 989.4"),
    pk(tk(WG, TF32, F32), 494.7, "[H100-WP] TF32 tensor 494.7"),
    pk(tk(WG, S8, S32), 1978.9, "[H100-WP] INT8 tensor 1978.9 TOPS"),
];
static SM90A_GPUS: [GpuSpec; 2] = [
    GpuSpec {
        gpu: "h100-sxm",
        aliases: &["h100", "h100-sxm5"],
        name: "NVIDIA H100 SXM5 80GB",
        sms: 132,                    // [H100-WP]
        clock_mhz: 1830.0, // [H100-WP] clock of the tensor peaks (measured under mma.sync load: ~1800)
        max_boost_clock_mhz: 1980.0, // [H100-WP] clock of the FP32/FP64 peaks
        hfma: 256.0,       // [H100-WP] 133.8 = 256 * 2 * 132 * 1.98e9
        tensor: &H100_TENSOR,
        l2_bytes: 50 * MIB,    // [H100-WP]
        dram_bytes: 80 * GB,   // [H100-WP]
        dram_gb_per_s: 3350.0, // [H100-WP] H100 SXM datasheet 3.35 TB/s
        // Measured, not a datasheet figure: the L2 -> SM rate TMA-fed wgmma kernels
        // sustain when small tiles make them L2-bound (38-plan sweep on an H100 SXM,
        // docs/BENCHMARKS.md run 5: 9.5-10.8 TB/s of tile loads).
        l2_fill_gb_per_s: Some(10000.0),
        // Measured, not a datasheet figure: `cuOccupancyMaxActiveClusters` of a persistent
        // kernel of 4-CTA clusters and one CTA per SM held 30 on an H100 and on an H200
        // (docs/BENCHMARKS.md run 24), 120 of the 132 SMs.
        quad_clusters: Some(30),
        // Clusters of eight: not measured on an H100. 14, the fewest a GH100 of 132 SMs in
        // eight GPCs (at most 18 SMs each, whole TPCs of two) that holds 30 clusters of four
        // can hold; the H200 of run 37-a held 15 (see the h200 entry). A grid sized for 15
        // would run its last cluster as a second wave on a die that holds 14.
        oct_clusters: Some(14),
        // Fitted, not a datasheet figure: the latency under which the bytes a decode grid's
        // rings hold stream at this bandwidth. 1.5 us orders the decode kernels measured on
        // an H100 (docs/BENCHMARKS.md run 10): 128x64 tiles with 5.6-6.75 MiB in flight
        // beat tiles of more bytes but split-K (tf32 128x6144x4096, 10-a), and 3.75 MiB
        // lost 6% to 5.6 MiB (128x5120x13824, 9-c).
        dram_latency_ns: Some(1500.0),
        datasheet: &H100_PEAKS,
        estimates: &["tensor(mma.sync bf16, s8)"],
    },
    GpuSpec {
        gpu: "h200",
        aliases: &["h200-sxm"],
        name: "NVIDIA H200 SXM 141GB",
        sms: 132,                    // [ANCHORS] 132 SMs, cc 9.0; same GH100 config
        clock_mhz: 1830.0,           // as H100 SXM ([H100-WP])
        max_boost_clock_mhz: 1980.0, // as H100 SXM
        hfma: 256.0,
        tensor: &H100_TENSOR,
        l2_bytes: 50 * MIB,    // same die as H100
        dram_bytes: 141 * GB,  // H200 datasheet: 141 GB HBM3e
        dram_gb_per_s: 4800.0, // H200 datasheet: 4.8 TB/s
        // Measured, not a datasheet figure: the L2 -> SM rate TMA-fed wgmma kernels
        // sustain when small tiles make them L2-bound (38-plan sweep on an H100 SXM,
        // docs/BENCHMARKS.md run 5: 9.5-10.8 TB/s of tile loads).
        l2_fill_gb_per_s: Some(10000.0),
        // Measured, not a datasheet figure: `cuOccupancyMaxActiveClusters` of a persistent
        // kernel of 4-CTA clusters and one CTA per SM held 30 on an H100 and on an H200
        // (docs/BENCHMARKS.md run 24), 120 of the 132 SMs.
        quad_clusters: Some(30),
        // Measured, not a datasheet figure: `cuOccupancyMaxActiveClusters` of a kernel of
        // 8-CTA clusters and one CTA per SM (200 KiB of shared memory) held 15 on an H200
        // (docs/BENCHMARKS.md run 37-a, `python3 docs/logs/run37-clusters.py`), 120 CTAs;
        // 7 clusters of 16. Floorsweeping varies by die: see the h100-sxm entry.
        oct_clusters: Some(15),
        // Not fitted: 1.6 us, the least latency under which tf32 128x6144x4096's 128x64
        // tiles (6.75 MiB in flight, 0.89x cuBLAS against split-K 2 of 128x128's 0.97x, run
        // 9-m) starve at 4.8 TB/s, moved 19 decode kernels to two-row tiles and split-K and
        // lost 1% of the suite geomeans to the H100 figure's kernels on an H200 (run 10-c).
        // Two-row tiles whose rows meet in L2 are what it misjudges. `--target sm_90a`
        // (the H100 SXM) is the measured choice on an H200.
        dram_latency_ns: None,
        datasheet: &H100_PEAKS, // H200 datasheet repeats the H100 SXM compute figures
        // mma.sync measured on an H100 (same GH100 configuration), not on an H200.
        estimates: &["tensor(mma.sync bf16, s8)"],
    },
];

// ---------------------------------------------------------------------------------------
// sm_100a: B200 (HGX, 1000 W).
// FP32: 128 FMA/clk/SM ([B300] blog: "128 CUDA cores for FP32 and INT32" per SM, same SM
// design); [B200] FP32 75 TF = 128 * 2 * 148 * 1.965e9 (-0.8%). Unified FP32/INT32 lanes:
// integer work takes FFMA lanes (ESTIMATE of the issue rules).
// [CG-CC] cc 10.0: 228 KB shared memory per SM, 227 KB per block, 2048 threads per SM.
static B200_TENSOR: [TensorRate; 10] = [
    // tcgen05: per-SM rate ESTIMATE = 2x Hopper per SM per clock (4096 FMA/clk/SM f16);
    // clock_mhz is then derived so that 148 SMs reproduce [B200] 2.25 PF:
    // 2.25e15 / (2 * 148 * 4096) = 1855.7 MHz. TF32 1.125 PF = 2048; INT8 4.5 POPS = 8192.
    tr(TC, F16, F16, 4096.0),
    tr(TC, F16, F32, 4096.0),
    tr(TC, BF16, F32, 4096.0),
    tr(TC, TF32, F32, 2048.0),
    tr(TC, S8, S32, 8192.0),
    // mma.sync: ESTIMATE, carried over from the sm_90a measurement (the legacy path does
    // not use tensor memory; no published figure).
    mma(F16, F16, 1360.0),
    mma(F16, F32, 1356.0),
    mma(BF16, F32, 1356.0),
    mma(TF32, F32, 678.0),
    mma(S8, S32, 2730.0),
];
static B200_PEAKS: [DatasheetPeak; 5] = [
    pk(PeakKind::Ffma, 75.0, "[B200] FP32 75 (verda per-GPU table)"),
    pk(tk(TC, F16, F32), 2250.0, "[B200] FP16 2.25 PF dense"),
    pk(tk(TC, BF16, F32), 2250.0, "[B200] BF16 2.25 PF dense"),
    pk(
        tk(TC, TF32, F32),
        1125.0,
        "[B200] TF32 18 PF sparse / 8 GPUs / 2",
    ),
    pk(tk(TC, S8, S32), 4500.0, "[B200] INT8 4.5 POPS dense"),
];
static SM100A_GPUS: [GpuSpec; 1] = [GpuSpec {
    gpu: "b200",
    aliases: &["b200-sxm", "hgx-b200"],
    name: "NVIDIA B200 (HGX, 1000 W)",
    sms: 148,                    // [B200] 18,944 CUDA cores / 128
    clock_mhz: 1855.7,           // derived from [B200] 2.25 PF (see above): ESTIMATE
    max_boost_clock_mhz: 1965.0, // [B200] device query
    hfma: 256.0,                 // ESTIMATE: Hopper's 2x FP32 rate
    tensor: &B200_TENSOR,
    l2_bytes: 126 * MIB,   // ESTIMATE (2 dies x 63 MB, third-party)
    dram_bytes: 180 * GB,  // [B200] HGX B200 180 GB HBM3e per GPU
    dram_gb_per_s: 8000.0, // [B200] DGX B200: 64 TB/s / 8 GPUs (verda lists 7.7)
    l2_fill_gb_per_s: None,
    quad_clusters: None,
    oct_clusters: None,
    dram_latency_ns: None,
    datasheet: &B200_PEAKS,
    estimates: &[
        "clock_mhz",
        "hfma_per_clk_per_sm",
        "tensor(tcgen05 per-SM split of the datasheet)",
        "tensor(mma.sync)",
        "l2_bytes",
    ],
}];

// ---------------------------------------------------------------------------------------
// sm_103a: B300 (Blackwell Ultra, HGX).
// [B300]: 160 SMs in the full GPU implementation (the blog gives no separate count for the
// HGX part: ESTIMATE that all are enabled); FP32 75 TF -> max boost 75e12 / (256 * 160) =
// 1831 MHz (derived, ESTIMATE); FP16 2.25 PF at 4096 FMA/clk/SM -> 1716.6 MHz (derived,
// ESTIMATE). SFU ex2 throughput doubled vs B200 ([B300] blog; 10.7 vs 5 T ex2/s): 32/clk/SM.
static B300_TENSOR: [TensorRate; 10] = [
    tr(TC, F16, F16, 4096.0),
    tr(TC, F16, F32, 4096.0),
    tr(TC, BF16, F32, 4096.0),
    tr(TC, TF32, F32, 2048.0),
    // [B300] INT8 cut to 0.15 POPS dense: 0.15e15 / (2 * 160 * 1.7166e9) = 273 -> 256
    // (ESTIMATE; 6% under the figure, excluded from the datasheet check).
    tr(TC, S8, S32, 256.0),
    // mma.sync: ESTIMATE as for B200; s8 capped at the reduced INT8 rate.
    mma(F16, F16, 1360.0),
    mma(F16, F32, 1356.0),
    mma(BF16, F32, 1356.0),
    mma(TF32, F32, 678.0),
    mma(S8, S32, 256.0),
];
static B300_PEAKS: [DatasheetPeak; 4] = [
    pk(PeakKind::Ffma, 75.0, "[B300] FP32 75 (verda per-GPU table)"),
    pk(tk(TC, F16, F32), 2250.0, "[B300] FP16 2.25 PF dense"),
    pk(tk(TC, BF16, F32), 2250.0, "[B300] BF16 2.25 PF dense"),
    pk(tk(TC, TF32, F32), 1125.0, "[B300] TF32 1.1 PF (= FP16 / 2)"),
];
static SM103A_GPUS: [GpuSpec; 1] = [GpuSpec {
    gpu: "b300",
    aliases: &["b300-sxm", "hgx-b300", "blackwell-ultra"],
    name: "NVIDIA B300 (Blackwell Ultra, HGX)",
    sms: 160,                    // [B300] full implementation: ESTIMATE for the product
    clock_mhz: 1716.6,           // derived, ESTIMATE
    max_boost_clock_mhz: 1831.0, // derived, ESTIMATE
    hfma: 256.0,                 // ESTIMATE
    tensor: &B300_TENSOR,
    l2_bytes: 126 * MIB,   // ESTIMATE (as B200)
    dram_bytes: 288 * GB,  // [B300] 288 GB HBM3e
    dram_gb_per_s: 8000.0, // [B300] 8 TB/s
    l2_fill_gb_per_s: None,
    quad_clusters: None,
    oct_clusters: None,
    dram_latency_ns: None,
    datasheet: &B300_PEAKS,
    estimates: &[
        "sms",
        "clock_mhz",
        "max_boost_clock_mhz",
        "hfma_per_clk_per_sm",
        "tensor(tcgen05 per-SM split of the datasheet)",
        "tensor(s8)",
        "tensor(mma.sync)",
        "l2_bytes",
    ],
}];

// ---------------------------------------------------------------------------------------
// sm_120a: RTX 5090 (GeForce GB202). mma.sync only (no wgmma, no tcgen05: [PTX] target
// notes; "The RTX 5090 Is Blackwell, But Not That Blackwell").
// FP32 128 FMA/clk/SM, unified FP32/INT32 lanes ([RTXB-WP]); 16 ex2/clk/SM ([CG-TP] gives
// 16 for every cc it lists; ESTIMATE for 12.x).
// [CG-CC] cc 12.0: 100 KB shared memory per SM, 99 KB per block, 1536 threads per SM.
static RTX5090_TENSOR: [TensorRate; 5] = [
    // [RTXB-WP] FP16 acc f16 419 dense = 512 * 2 * 170 * 2.407e9; acc f32 209.5 (GeForce
    // half rate, recalled); TF32 104.8 = 128; INT8 838 = 1024.
    mma(F16, F16, 512.0),
    mma(F16, F32, 256.0),
    mma(BF16, F32, 256.0),
    mma(TF32, F32, 128.0),
    mma(S8, S32, 1024.0),
];
static RTX5090_PEAKS: [DatasheetPeak; 5] = [
    pk(PeakKind::Ffma, 104.8, "[RTXB-WP] FP32 104.8"),
    pk(tk(MS, F16, F16), 419.0, "[RTXB-WP] FP16 tensor 838 sparse"),
    pk(
        tk(MS, F16, F32),
        209.5,
        "[RTXB-WP] FP16 tensor, f32 acc (recalled)",
    ),
    pk(tk(MS, TF32, F32), 104.8, "[RTXB-WP] TF32 tensor 104.8"),
    pk(tk(MS, S8, S32), 838.0, "[RTXB-WP] INT8 tensor 838 TOPS"),
];
static SM120A_GPUS: [GpuSpec; 1] = [GpuSpec {
    gpu: "rtx5090",
    aliases: &["5090", "rtx-5090", "geforce-rtx-5090"],
    name: "NVIDIA GeForce RTX 5090",
    sms: 170,          // [RTXB-WP]
    clock_mhz: 2407.0, // [RTXB-WP] boost clock
    max_boost_clock_mhz: 2407.0,
    hfma: 128.0, // ESTIMATE: FP16 non-tensor = FP32 rate as on GA102/AD102
    tensor: &RTX5090_TENSOR,
    l2_bytes: 96 * MIB,    // [RTXB-WP] 96 MB (Linux Format spec box agrees)
    dram_bytes: 32 * GB,   // [RTXB-WP]
    dram_gb_per_s: 1792.0, // [RTXB-WP] 28 Gbps x 512 bit
    l2_fill_gb_per_s: None,
    quad_clusters: None,
    oct_clusters: None,
    dram_latency_ns: None,
    datasheet: &RTX5090_PEAKS,
    estimates: &["hfma_per_clk_per_sm", "tensor(f16,acc f32) recalled"],
}];

// ---------------------------------------------------------------------------------------
// sm_121a: GB10 (DGX Spark). Same SM generation as sm_120a.
// [GB10] 31 TF FP32 with 48 SMs -> 31e12 / (256 * 48) = 2523 MHz: clock 2520 (derived).
// Tensor: [GB10] 1 PF FP4 sparse -> 500 TF dense -> 2067 FP4 FMA/clk/SM, i.e. the RTX 5090
// per-SM rate (2048); the f16/bf16/tf32/s8 rates are therefore taken from sm_120a per SM
// (ESTIMATE: no published figures).
static GB10_PEAKS: [DatasheetPeak; 1] = [pk(PeakKind::Ffma, 31.0, "[GB10] FP32 31")];
static SM121A_GPUS: [GpuSpec; 1] = [GpuSpec {
    gpu: "gb10",
    aliases: &["dgx-spark", "spark"],
    name: "NVIDIA GB10 (DGX Spark)",
    sms: 48,           // [GB10] 6,144 CUDA cores / 128
    clock_mhz: 2520.0, // derived from [GB10] FP32 31 TF
    max_boost_clock_mhz: 2520.0,
    hfma: 128.0, // ESTIMATE
    tensor: &RTX5090_TENSOR,
    l2_bytes: 24 * MIB, // ESTIMATE (not published; a 16 MB L4 sits on the CPU die)
    dram_bytes: 128 * GB, // [GB10] unified LPDDR5x
    dram_gb_per_s: 273.0, // [GB10]
    l2_fill_gb_per_s: None,
    quad_clusters: None,
    oct_clusters: None,
    dram_latency_ns: None,
    datasheet: &GB10_PEAKS,
    estimates: &[
        "clock_mhz",
        "hfma_per_clk_per_sm",
        "tensor (all: per-SM rates of sm_120a)",
        "l2_bytes",
    ],
}];

// ---------------------------------------------------------------------------------------
// Shared-memory and thread limits by compute capability, [CG-CC].
const SMEM_80: (u32, u32) = (164 * KIB, 163 * KIB);
const SMEM_86: (u32, u32) = (100 * KIB, 99 * KIB);
const SMEM_90: (u32, u32) = (228 * KIB, 227 * KIB);

/// Every architecture, in the order of [`crate::archs`].
pub(crate) static ARCHS: [ArchSpec; 8] = [
    ArchSpec {
        arch: "sm_80",
        ffma: 64.0, // [CG-TP] cc 8.0
        int: 64.0,  // [CG-TP] cc 8.0, separate INT32 lanes
        int_shares_fma_pipe: false,
        ex2: 16.0, // [CG-TP]
        smem_per_sm: SMEM_80.0,
        smem_per_cta: SMEM_80.1,
        max_threads_per_sm: 2048, // [CG-CC]
        features: F_SM80,
        alpha: ALPHA_MMA_SYNC,
        estimates: &["coissue_alpha", "regfile banks/ports"],
        gpus: &SM80_GPUS,
    },
    ArchSpec {
        arch: "sm_86",
        ffma: 128.0, // [CG-TP] cc 8.6
        int: 64.0,   // [CG-TP] cc 8.6, on the shared FP32/INT32 half
        int_shares_fma_pipe: true,
        ex2: 16.0,
        smem_per_sm: SMEM_86.0,
        smem_per_cta: SMEM_86.1,
        max_threads_per_sm: 1536, // [CG-CC]
        features: F_SM80,
        alpha: ALPHA_MMA_SYNC,
        estimates: &["coissue_alpha", "regfile banks/ports"],
        gpus: &SM86_GPUS,
    },
    ArchSpec {
        arch: "sm_89",
        ffma: 128.0, // [CG-TP] cc 8.9
        int: 64.0,   // [CG-TP] cc 8.9
        int_shares_fma_pipe: true,
        ex2: 16.0,
        smem_per_sm: SMEM_86.0, // [CG-CC] cc 8.9 as 8.6
        smem_per_cta: SMEM_86.1,
        max_threads_per_sm: 1536,
        features: F_SM80,
        alpha: ALPHA_MMA_SYNC,
        estimates: &["coissue_alpha", "regfile banks/ports"],
        gpus: &SM89_GPUS,
    },
    ArchSpec {
        arch: "sm_90a",
        ffma: 128.0, // [CG-TP] cc 9.0
        int: 64.0,   // [CG-TP] cc 9.0, separate INT32 lanes
        int_shares_fma_pipe: false,
        ex2: 16.0, // [CG-TP]; [ANCHORS] measured 15.9
        smem_per_sm: SMEM_90.0,
        smem_per_cta: SMEM_90.1,
        max_threads_per_sm: 2048,
        features: F_SM90A,
        alpha: ALPHA_SM90A, // calibrated on [ANCHORS], see above
        estimates: &["regfile banks/ports"],
        gpus: &SM90A_GPUS,
    },
    ArchSpec {
        arch: "sm_100a",
        ffma: 128.0, // [B300] blog SM description; [B200] FP32 75 TF
        int: 128.0,  // ESTIMATE: unified FP32/INT32 lanes
        int_shares_fma_pipe: true,
        ex2: 16.0, // [B200] 5 T ex2/s / (148 SMs * 1.965 GHz) = 17.2 -> 16 (ESTIMATE)
        smem_per_sm: SMEM_90.0, // [CG-CC] cc 10.0
        smem_per_cta: SMEM_90.1,
        max_threads_per_sm: 2048,
        features: F_SM100A,
        alpha: ALPHA_SM100,
        estimates: &[
            "coissue_alpha",
            "int_per_clk_per_sm",
            "ex2_per_clk_per_sm",
            "regfile banks/ports",
        ],
        gpus: &SM100A_GPUS,
    },
    ArchSpec {
        arch: "sm_103a",
        ffma: 128.0, // [B300] "128 CUDA cores for FP32 and INT32"
        int: 128.0,  // [B300] same lanes
        int_shares_fma_pipe: true,
        ex2: 32.0, // [B300] doubled SFU ex2; 10.7e12 / (160 * 1.831e9) = 36.5 -> 32 (ESTIMATE)
        smem_per_sm: SMEM_90.0, // [CG-CC] cc 10.x
        smem_per_cta: SMEM_90.1,
        max_threads_per_sm: 2048,
        features: F_SM100A,
        alpha: ALPHA_SM100,
        estimates: &["coissue_alpha", "ex2_per_clk_per_sm", "regfile banks/ports"],
        gpus: &SM103A_GPUS,
    },
    ArchSpec {
        arch: "sm_120a",
        ffma: 128.0, // [RTXB-WP]
        int: 128.0,  // [RTXB-WP] unified FP32/INT32 cores
        int_shares_fma_pipe: true,
        ex2: 16.0,              // ESTIMATE (see above)
        smem_per_sm: SMEM_86.0, // [CG-CC] cc 12.0
        smem_per_cta: SMEM_86.1,
        max_threads_per_sm: 1536,
        features: F_SM120A,
        alpha: ALPHA_MMA_SYNC,
        estimates: &["coissue_alpha", "ex2_per_clk_per_sm", "regfile banks/ports"],
        gpus: &SM120A_GPUS,
    },
    ArchSpec {
        arch: "sm_121a",
        ffma: 128.0, // [GB10] 31 TF / 48 SMs at ~2.5 GHz
        int: 128.0,  // as sm_120a
        int_shares_fma_pipe: true,
        ex2: 16.0,              // ESTIMATE
        smem_per_sm: SMEM_86.0, // [CG-CC] cc 12.x
        smem_per_cta: SMEM_86.1,
        max_threads_per_sm: 1536,
        features: F_SM120A,
        alpha: ALPHA_MMA_SYNC,
        estimates: &["coissue_alpha", "ex2_per_clk_per_sm", "regfile banks/ports"],
        gpus: &SM121A_GPUS,
    },
];

// Register file (every target), set in `target::build`: 65,536 x 32-bit registers per SM
// ([CG-CC], all cc 5.0-12.x), 255 per thread ([CG-CC]), 1024 threads per block ([CG-CC]);
// 2 banks x 64 bit per SMSP with one read port each and operand reuse caches ([JIA18] for
// Volta; assumed unchanged since: ESTIMATE, listed as "regfile banks/ports").
// Shared-memory bandwidth: 32 banks x 4 bytes per clock per SM ([CG-CC] "Shared Memory"
// sections for cc 5.x and later) = 128 bytes/clk/SM, shared by the 4 SMSPs.
// Shuffle: 32 results/clk/SM ([CG-TP] "warp shuffle").
