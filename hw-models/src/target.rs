//! The [`Target`] type: what one GPU has, as plain data, and lookup by architecture and part.
//!
//! Every number lives in [`crate::data`] with a comment naming its source. Rates are per SM
//! per clock, so a rate times `2 * sms * clock` gives the datasheet's TFLOP/s; the test
//! `tests/datasheet.rs` checks that for every datasheet figure recorded in
//! [`Target::datasheet`].

use itex::{DType, Instruction};
use serde::Serialize;

use crate::HwError;
use crate::data::{ARCHS, ArchSpec, GpuSpec};

/// Which tensor-core instruction family a rate belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum TensorPath {
    /// Warp-level `mma.sync` (sm_80 and later, including sm_90a/sm_100a where it runs at a
    /// lower rate than the newer paths).
    MmaSync,
    /// Warpgroup-level `wgmma.mma_async` (sm_90a only).
    Wgmma,
    /// `tcgen05.mma` with tensor memory (sm_100a, sm_103a). Not yet an `itex::Instruction`;
    /// its rates are recorded as data for the datasheet check and future use.
    Tcgen05,
}

/// Dense tensor-core rate for one (path, A/B type, accumulator type).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TensorRate {
    /// Instruction family.
    pub path: TensorPath,
    /// A/B element type.
    pub ab: DType,
    /// Accumulator type.
    pub acc: DType,
    /// Dense multiply-adds per clock per SM (FMA/clk/SM), at [`Target::clock_mhz`].
    pub fma_per_clk_per_sm: f64,
}

/// Register file of one SM.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RegisterFile {
    /// Bytes per SM (65,536 32-bit registers = 262,144 bytes on every modeled target).
    pub bytes_per_sm: u32,
    /// Register banks per SMSP.
    pub banks_per_smsp: u32,
    /// Width of one bank in bits.
    pub bank_width_bits: u32,
    /// Read ports per bank per clock.
    pub read_ports_per_bank: u32,
    /// Whether SASS operand-reuse caches (`.reuse` flags) exist.
    pub reuse_cache: bool,
}

/// Feature flags of an architecture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Features {
    /// Warp-level `mma.sync` tensor instructions.
    pub has_mma_sync: bool,
    /// Warpgroup `wgmma.mma_async` (sm_90a).
    pub has_wgmma: bool,
    /// `tcgen05.mma` with tensor memory (sm_100a/sm_103a).
    pub has_tcgen05: bool,
    /// `cp.async` global->shared copies (sm_80+).
    pub has_cp_async: bool,
    /// Tensor Memory Accelerator, `cp.async.bulk.tensor` (sm_90+).
    pub has_tma: bool,
    /// Thread-block clusters / distributed shared memory (sm_90+).
    pub has_clusters: bool,
}

/// What a recorded datasheet peak measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PeakKind {
    /// FP32 on the CUDA cores (FFMA).
    Ffma,
    /// FP16 on the CUDA cores (HFMA2), non-tensor.
    Hfma2,
    /// Dense tensor-core peak for a path and type pair.
    Tensor(TensorPath, DType, DType),
}

/// One peak figure as a datasheet or whitepaper states it, kept so tests can check the rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DatasheetPeak {
    /// What is measured.
    pub kind: PeakKind,
    /// Dense TFLOP/s (TOP/s for s8) as published (sparse figures halved).
    pub tflops: f64,
    /// Where the figure comes from.
    pub source: &'static str,
}

/// One GPU target: an architecture plus the part that fixes SM count, clocks and memory.
///
/// All rates are per SM per clock. Per-SMSP rates are these divided by
/// [`Target::smsps_per_sm`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    /// Architecture name as ptxas spells it, e.g. `"sm_90a"`.
    pub arch: &'static str,
    /// Short GPU name (lower case), e.g. `"h100-sxm"`.
    pub gpu: &'static str,
    /// Marketing name of the part, e.g. `"NVIDIA H100 SXM5 80GB"`.
    pub gpu_name: &'static str,
    /// Number of SMs.
    pub sms: u32,
    /// SM sub-partitions (SMSPs, each with its own warp scheduler) per SM.
    pub smsps_per_sm: u32,
    /// Clock in MHz the tensor-core datasheet peaks assume; the cost model turns cycles into
    /// seconds with it (the sustained clock under tensor load).
    pub clock_mhz: f64,
    /// Maximum boost clock in MHz; the clock the datasheet's CUDA-core (FP32/FP16) peaks
    /// assume. Equal to `clock_mhz` except where a datasheet quotes two clocks (H100/H200,
    /// Blackwell).
    pub max_boost_clock_mhz: f64,
    /// FP32 FMAs per clock per SM on the CUDA cores (FFMA lanes).
    pub ffma_per_clk_per_sm: f64,
    /// FP16 FMAs per clock per SM on the CUDA cores (each HFMA2 lane does 2).
    pub hfma_per_clk_per_sm: f64,
    /// 32-bit integer add/logic results per clock per SM.
    pub int_per_clk_per_sm: f64,
    /// Whether integer instructions share lanes with FFMA (GA102/AD102 half-shared
    /// FP32/INT32 datapath; Blackwell unified datapath).
    pub int_shares_fma_pipe: bool,
    /// MUFU `ex2.approx.f32` results per clock per SM.
    pub ex2_per_clk_per_sm: f64,
    /// Warp-shuffle results per clock per SM.
    pub shfl_per_clk_per_sm: f64,
    /// Dense tensor-core rates.
    pub tensor: Vec<TensorRate>,
    /// Register file.
    pub regfile: RegisterFile,
    /// Shared memory per SM in bytes (maximum carve-out).
    pub smem_bytes_per_sm: u32,
    /// Maximum shared memory one CTA may use, in bytes (opt-in maximum).
    pub smem_max_per_cta: u32,
    /// Shared-memory/L1 data-path bandwidth in bytes per clock per SM (32 banks x 4 bytes),
    /// shared by the SMSPs.
    pub smem_bytes_per_clk_per_sm: f64,
    /// L2 cache in bytes.
    pub l2_bytes: u64,
    /// DRAM capacity in bytes.
    pub dram_bytes: u64,
    /// DRAM bandwidth in GB/s (1e9 bytes per second).
    pub dram_gb_per_s: f64,
    /// Rate at which L2 fills the SMs' shared memory with operand tiles, GB/s, whole GPU;
    /// `None` where not measured (see the part table for the measurement).
    pub l2_fill_gb_per_s: Option<f64>,
    /// Clusters of four CTAs, one CTA per SM, that the GPCs hold at once (fewer than
    /// `sms / 4` where a GPC's SM count is not a multiple of four); `None` where not
    /// measured (see the part table).
    pub quad_clusters: Option<u32>,
    /// Clusters of eight CTAs, one CTA per SM, that the GPCs hold at once (fewer than
    /// `sms / 8` where a GPC's SM count is not a multiple of eight); `None` where not
    /// known (see the part table for the measurement or the derivation).
    pub oct_clusters: Option<u32>,
    /// Latency of a TMA load from DRAM while a decode-like grid streams the weights, ns:
    /// with the bytes its stage rings keep in flight it bounds the grid's streaming rate
    /// (Little's law). A fitted model parameter, not a measured latency; `None` where not
    /// fitted (see the part table for the fit).
    pub dram_latency_ns: Option<f64>,
    /// Maximum resident threads per SM.
    pub max_threads_per_sm: u32,
    /// Maximum threads per CTA.
    pub max_threads_per_cta: u32,
    /// 32-bit registers per SM.
    pub regs_per_sm: u32,
    /// Maximum 32-bit registers per thread.
    pub max_regs_per_thread: u32,
    /// Feature flags.
    pub features: Features,
    /// Co-issue penalty of tensor and vector work, in [0, 1]; see [`Target::coissue_alpha`].
    pub coissue_alpha: f64,
    /// Published peaks the rates are checked against.
    pub datasheet: Vec<DatasheetPeak>,
    /// Names of the fields whose values are estimates rather than sourced figures.
    pub estimates: Vec<&'static str>,
}

/// The architectures mosaic models, newest last.
pub fn archs() -> &'static [&'static str] {
    &[
        "sm_80", "sm_86", "sm_89", "sm_90a", "sm_100a", "sm_103a", "sm_120a", "sm_121a",
    ]
}

fn find_arch(arch: &str) -> Result<&'static ArchSpec, HwError> {
    let a = arch.trim().to_ascii_lowercase();
    ARCHS
        .iter()
        .find(|s| s.arch == a)
        .ok_or_else(|| HwError::UnknownTarget {
            arch: arch.to_string(),
            known: archs().join(", "),
        })
}

/// The GPUs modeled for an architecture; the first is the default.
///
/// # Errors
/// [`HwError::UnknownTarget`] for an unknown architecture.
pub fn gpus(arch: &str) -> Result<Vec<&'static str>, HwError> {
    Ok(find_arch(arch)?.gpus.iter().map(|g| g.gpu).collect())
}

/// The target for an architecture (`"sm_89"`) and optionally a part (`"l20"`,
/// case-insensitive); without a part, the first GPU listed for the architecture.
///
/// # Errors
/// [`HwError::UnknownTarget`] or [`HwError::UnknownGpu`], each listing the known names.
pub fn target(arch: &str, gpu: Option<&str>) -> Result<Target, HwError> {
    let spec = find_arch(arch)?;
    let g = match gpu {
        None => &spec.gpus[0],
        Some(name) => {
            let n = name.trim().to_ascii_lowercase();
            spec.gpus
                .iter()
                .find(|g| g.gpu == n || g.aliases.contains(&n.as_str()))
                .ok_or_else(|| HwError::UnknownGpu {
                    arch: spec.arch.to_string(),
                    gpu: name.to_string(),
                    known: spec
                        .gpus
                        .iter()
                        .map(|g| g.gpu)
                        .collect::<Vec<_>>()
                        .join(", "),
                })?
        }
    };
    Ok(build(spec, g))
}

fn build(a: &ArchSpec, g: &GpuSpec) -> Target {
    let mut estimates: Vec<&'static str> = a.estimates.to_vec();
    estimates.extend_from_slice(g.estimates);
    Target {
        arch: a.arch,
        gpu: g.gpu,
        gpu_name: g.name,
        sms: g.sms,
        smsps_per_sm: 4,
        clock_mhz: g.clock_mhz,
        max_boost_clock_mhz: g.max_boost_clock_mhz,
        ffma_per_clk_per_sm: a.ffma,
        hfma_per_clk_per_sm: g.hfma,
        int_per_clk_per_sm: a.int,
        int_shares_fma_pipe: a.int_shares_fma_pipe,
        ex2_per_clk_per_sm: a.ex2,
        shfl_per_clk_per_sm: 32.0,
        tensor: g.tensor.to_vec(),
        regfile: RegisterFile {
            bytes_per_sm: 65536 * 4,
            banks_per_smsp: 2,
            bank_width_bits: 64,
            read_ports_per_bank: 1,
            reuse_cache: true,
        },
        smem_bytes_per_sm: a.smem_per_sm,
        smem_max_per_cta: a.smem_per_cta,
        smem_bytes_per_clk_per_sm: 128.0,
        l2_bytes: g.l2_bytes,
        dram_bytes: g.dram_bytes,
        dram_gb_per_s: g.dram_gb_per_s,
        l2_fill_gb_per_s: g.l2_fill_gb_per_s,
        quad_clusters: g.quad_clusters,
        oct_clusters: g.oct_clusters,
        dram_latency_ns: g.dram_latency_ns,
        max_threads_per_sm: a.max_threads_per_sm,
        max_threads_per_cta: 1024,
        regs_per_sm: 65536,
        max_regs_per_thread: 255,
        features: a.features,
        coissue_alpha: a.alpha,
        datasheet: g.datasheet.to_vec(),
        estimates,
    }
}

/// `true` for the `mma.sync` shapes the PTX ISA (9.7.14.5.x, "Matrix shape") defines for the
/// type pair on sm_80+: f16/bf16 m16n8k8 and m16n8k16, tf32 m16n8k4 and m16n8k8, s8 m16n8k16
/// and m16n8k32.
fn mma_shape_ok(m: u32, n: u32, k: u32, ab: DType, acc: DType) -> bool {
    let types = matches!(
        (ab, acc),
        (DType::F16, DType::F16 | DType::F32)
            | (DType::BF16, DType::F32)
            | (DType::TF32, DType::F32)
            | (DType::S8, DType::S32)
    );
    let ks: &[u32] = match ab {
        DType::F16 | DType::BF16 => &[8, 16],
        DType::TF32 => &[4, 8],
        DType::S8 => &[16, 32],
        _ => &[],
    };
    types && m == 16 && n == 8 && ks.contains(&k)
}

impl Target {
    /// `arch/gpu`, e.g. `"sm_90a/h100-sxm"`.
    pub fn name(&self) -> String {
        format!("{}/{}", self.arch, self.gpu)
    }

    /// The co-issue penalty alpha in [0, 1]: with tensor-pipe busy time `T` and vector-pipe
    /// busy time `V` (cycles) on one SMSP, the modeled time is at least `T + alpha * V` and
    /// at least `V + alpha * T`. 0 means perfect overlap, 1 means none. See `data.rs` for the
    /// calibration of each target.
    pub fn coissue_alpha(&self) -> f64 {
        self.coissue_alpha
    }

    /// Cycles between consecutive instructions of one warp in a latency-bound GEMM main loop
    /// (fragment loads feeding mma.sync, with few warps per scheduler), when measured.
    ///
    /// sm_90a: 11.84 cycles, Nsight Compute "Warp Cycles Per Issued Instruction" on an H100
    /// SXM for mosaic's 128x256x32 mma.sync f16 kernel at 4096^3 (2 warps per scheduler):
    /// `ncu --kernel-name mosaic_gemm --launch-count 1 --section WarpStateStats mosaic verify
    /// gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a` (docs/BENCHMARKS.md,
    /// run 2). Other targets: not measured, `None` (no latency bound is applied).
    pub fn warp_issue_interval(&self) -> Option<f64> {
        (self.arch == "sm_90a").then_some(11.84)
    }

    /// Cycles (per SMSP) that each instruction of a warpgroup plan's FFMA columns (the FMAs
    /// and their shared loads, as [`crate::Mix`] counts them per SMSP) adds to the tensor
    /// pipe's busy time of a k-step, when measured: the consumers' FFMAs, issued between a
    /// k-tile's wgmma commit and its wait, were measured not to overlap the wgmma, but to
    /// lengthen every k-step by about their own issue time and more.
    ///
    /// sm_90a: 1.4, fitted on an H100 SXM over run 14-b's 27 tf32 plans (18 with FFMA
    /// columns: 8 or 16 columns of 64- to 256-column tiles), timed against cuBLAS
    /// (docs/BENCHMARKS.md run 14, `docs/logs/run14-b.sh`; scan with
    /// `docs/logs/hopper-rank-14.py`). At 1.4 the modeled slowdown of 4096^3's 128x256 tile
    /// with 8 FFMA columns is the measured one (0.706x against 0.705x of the pure tile), and
    /// every shape's best plan stays its pure wgmma plan, as measured. Pooled Spearman
    /// correlation of the final model with the 27 times: 0.946 (H100), 0.905 (run 14-c, the
    /// same plans on an H200); values from 0.6 to 2 scored 0.914-0.941 on the H100 before the
    /// model counted the columns' registers. The co-issue microbenchmark of ../shared/ANCHORS.md (register-resident FFMA
    /// operands, no loads) gave up to 1.4% more instead; [`Target::coissue_alpha`] keeps that
    /// figure for the other co-issue bounds. Other targets: not measured, `None`.
    pub fn wgmma_vector_cycles(&self) -> Option<f64> {
        (self.arch == "sm_90a").then_some(1.4)
    }

    /// Fraction of the datasheet shared-memory bandwidth a cp.async + ldmatrix + mma.sync main
    /// loop achieves; 1.0 where not measured.
    ///
    /// sm_90a: 0.6. On an H100 SXM, mosaic's 128x256x64 f16 kernel with 16 warps moves
    /// 240 KiB through shared memory per k-step and SM (ldmatrix 192 KiB, cp.async 48 KiB) in
    /// 3140 cycles (406 us at 4096^3, 1980 MHz): 78 B/clk of 128, 0.61. The 8-warp variant
    /// (176 KiB per k-step) sits at 0.52 with other stalls on top. `mosaic bench gemm --m 4096
    /// --n 4096 --k 4096 --dtype f16 --target sm_90a --plan N`, docs/BENCHMARKS.md run 4.
    /// In-sample: fitted on the two kernels it ranks.
    pub fn smem_efficiency(&self) -> f64 {
        if self.arch == "sm_90a" { 0.6 } else { 1.0 }
    }

    /// Dense tensor rate in FMA/clk/SM for a path and type pair, if the target has it.
    pub fn tensor_rate(&self, path: TensorPath, ab: DType, acc: DType) -> Option<f64> {
        self.tensor
            .iter()
            .find(|r| r.path == path && r.ab == ab && r.acc == acc)
            .map(|r| r.fma_per_clk_per_sm)
    }

    /// A/B types some tensor instruction of this target takes (sorted, deduplicated).
    pub fn tensor_dtypes(&self) -> Vec<DType> {
        let mut v: Vec<DType> = self.tensor.iter().map(|r| r.ab).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Whether the target executes `instr`: FFMA, HFMA2 and ex2 everywhere; `mma.sync` with a
    /// PTX-ISA shape on every target (sm_80+; sm_100a/sm_103a keep it at a lower rate than
    /// tcgen05); `wgmma` only on sm_90a.
    pub fn supports(&self, instr: Instruction) -> bool {
        match instr {
            Instruction::Ffma | Instruction::Hfma2 | Instruction::Ex2 => true,
            Instruction::Mma { m, n, k, ab, acc } => {
                self.features.has_mma_sync
                    && mma_shape_ok(m, n, k, ab, acc)
                    && self.tensor_rate(TensorPath::MmaSync, ab, acc).is_some()
            }
            Instruction::Wgmma { n, ab, acc } => {
                self.features.has_wgmma
                    && n > 0
                    && n <= 256
                    && n.is_multiple_of(8)
                    && self.tensor_rate(TensorPath::Wgmma, ab, acc).is_some()
            }
        }
    }

    /// Whether a GEMM with A/B type `dtype` can run here: f32 always (FFMA); f16, bf16, tf32
    /// and s8 when some tensor instruction takes that type. S32, the s8 accumulator, is not a
    /// GEMM input type and gives `false`.
    pub fn supports_dtype(&self, dtype: DType) -> bool {
        match dtype {
            DType::F32 => true,
            DType::S32 => false,
            d => self.tensor.iter().any(|r| r.ab == d),
        }
    }

    /// Rate of `instr` in FMA/clk/SM (ex2: results/clk/SM); `None` if unsupported.
    pub fn rate_per_clk_per_sm(&self, instr: Instruction) -> Option<f64> {
        if !self.supports(instr) {
            return None;
        }
        Some(match instr {
            Instruction::Ffma => self.ffma_per_clk_per_sm,
            Instruction::Hfma2 => self.hfma_per_clk_per_sm,
            Instruction::Ex2 => self.ex2_per_clk_per_sm,
            Instruction::Mma { ab, acc, .. } => self.tensor_rate(TensorPath::MmaSync, ab, acc)?,
            Instruction::Wgmma { ab, acc, .. } => self.tensor_rate(TensorPath::Wgmma, ab, acc)?,
        })
    }

    /// The clock in MHz a datasheet peak of this kind assumes: [`Target::max_boost_clock_mhz`]
    /// for CUDA-core work, [`Target::clock_mhz`] for tensor work.
    pub fn peak_clock_mhz(&self, kind: PeakKind) -> f64 {
        match kind {
            PeakKind::Ffma | PeakKind::Hfma2 => self.max_boost_clock_mhz,
            PeakKind::Tensor(..) => self.clock_mhz,
        }
    }

    /// Modeled peak for a datasheet kind in TFLOP/s (`2 * rate * sms * clock`); 0 if absent.
    pub fn peak_tflops_of(&self, kind: PeakKind) -> f64 {
        let rate = match kind {
            PeakKind::Ffma => self.ffma_per_clk_per_sm,
            PeakKind::Hfma2 => self.hfma_per_clk_per_sm,
            PeakKind::Tensor(p, ab, acc) => self.tensor_rate(p, ab, acc).unwrap_or(0.0),
        };
        2.0 * rate * f64::from(self.sms) * self.peak_clock_mhz(kind) * 1e6 / 1e12
    }

    /// Peak of one instruction running alone on the whole GPU, in TFLOP/s (2 flops per FMA),
    /// at the clock its datasheet figure assumes ([`Target::peak_clock_mhz`]). For `ex2`,
    /// tera-results per second at the max boost clock. 0 when unsupported.
    pub fn peak_tflops(&self, instr: Instruction) -> f64 {
        let Some(rate) = self.rate_per_clk_per_sm(instr) else {
            return 0.0;
        };
        let sms = f64::from(self.sms);
        match instr {
            Instruction::Ex2 => rate * sms * self.max_boost_clock_mhz * 1e6 / 1e12,
            Instruction::Ffma | Instruction::Hfma2 => {
                2.0 * rate * sms * self.max_boost_clock_mhz * 1e6 / 1e12
            }
            _ => 2.0 * rate * sms * self.clock_mhz * 1e6 / 1e12,
        }
    }

    /// DRAM bytes per clock per SM at [`Target::clock_mhz`], if all SMs stream together.
    pub fn dram_bytes_per_clk_per_sm(&self) -> f64 {
        self.dram_gb_per_s * 1e9 / (self.clock_mhz * 1e6 * f64::from(self.sms))
    }

    /// TFLOP/s of the whole GPU when every SM performs `fmas_per_sm` multiply-adds in
    /// `cycles` clock cycles at [`Target::clock_mhz`] (2 flops per FMA).
    pub fn tflops(&self, fmas_per_sm: f64, cycles: f64) -> f64 {
        if cycles <= 0.0 {
            return 0.0;
        }
        let seconds = cycles / (self.clock_mhz * 1e6);
        2.0 * fmas_per_sm * f64::from(self.sms) / seconds / 1e12
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mma_shapes_from_the_isa() {
        assert!(mma_shape_ok(16, 8, 16, DType::F16, DType::F32));
        assert!(mma_shape_ok(16, 8, 8, DType::TF32, DType::F32));
        assert!(mma_shape_ok(16, 8, 32, DType::S8, DType::S32));
        assert!(!mma_shape_ok(16, 8, 16, DType::BF16, DType::BF16));
        assert!(!mma_shape_ok(8, 8, 4, DType::F16, DType::F32));
        assert!(!mma_shape_ok(16, 8, 16, DType::TF32, DType::F32));
    }

    #[test]
    fn archs_match_the_table() {
        let table: Vec<&str> = ARCHS.iter().map(|a| a.arch).collect();
        assert_eq!(table, archs());
    }
}
