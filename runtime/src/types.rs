//! The kernel ABI (what the code generator hands the runtime) and the option/report types.

use std::fmt;

use crate::error::RuntimeError;

/// A compiled kernel, as the code generator emits it.
///
/// The kernel's parameters, in order, are
/// `u64 A, u64 B, u64 C, u32 M, u32 N, u32 K, alpha, beta`, where `alpha`/`beta` are `f32` for
/// float C types (f16/bf16 C included) and `s32` for an s32 C. See [`GemmCall`] for the layouts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelSpec {
    /// PTX source text (JIT-compiled by the driver at load time).
    pub ptx: String,
    /// Name of the `.entry` to launch.
    pub entry: String,
    /// Grid size in blocks (x, y, z); every component at least 1.
    pub grid: [u32; 3],
    /// Block size in threads (x, y, z); every component at least 1, product at most 1024.
    pub block: [u32; 3],
    /// Dynamic shared memory per block, in bytes. Above 48 KiB the runtime raises the
    /// function's `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` before launch.
    pub dynamic_smem_bytes: u32,
    /// TMA tensor maps, encoded per launch for that launch's A/B/C buffers and passed by value
    /// (128 bytes each) after `alpha, beta`, in this order. Empty for kernels without TMA.
    pub tensor_maps: Vec<TensorMapDesc>,
    /// Bytes of zero-filled global workspace the kernel takes as one more `u64` parameter
    /// after the tensor maps (0: no such parameter). The runtime allocates it once per
    /// verify or bench call and shares it between that call's launches, which the stream
    /// serializes; the kernel must leave it zeroed (stream-K partial tiles and flags).
    pub workspace_bytes: u64,
    /// The kernel's cluster order table, which the runtime fills after loading the module
    /// with the GPC-major order of where this GPU places the grid's clusters (probed once per
    /// launch shape); `None`: the kernel has none.
    pub cluster_order: Option<ClusterOrderDesc>,
    /// `Some(c)`: a persistent kernel of `c`-CTA clusters (compiled in, `.reqnctapercluster`)
    /// whose tile loop is correct on any grid of whole clusters. The runtime launches at most
    /// the clusters the GPU holds at once (`cuOccupancyMaxActiveClusters`), so that no
    /// cluster waits for another to finish its tiles (`grid[0]` must be a multiple of `c`).
    /// `None`: `grid` as it is.
    pub resident_clusters: Option<u32>,
    /// Launch with `CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION` (programmatic
    /// dependent launch, sm_90): the kernel may start before the previous kernel in the
    /// stream has finished, so it must run `griddepcontrol.wait` in every thread before
    /// touching global memory (`codegen::Pdl`). `false`: a plain launch.
    pub programmatic_launch: bool,
    /// Operand copies the runtime makes before each launch, in this order
    /// (`codegen::PaddedCopy`): each runs its `entry` of the same module on a fresh buffer
    /// of `bytes` bytes, and the tensor maps over its operand are then encoded over that
    /// buffer. TMA takes only row pitches of 16-byte multiples, so an operand whose rows
    /// are not is read from such a copy. Empty: the maps read the caller's buffers.
    pub padded: Vec<CopyDesc>,
}

/// One operand copy ([`KernelSpec::padded`]): `entry(u64 src, u64 dst)` launched on `grid`
/// x `block` without dynamic shared memory, `src` the operand's buffer, `dst` a buffer of
/// `bytes` bytes (rows of the pitch the tensor maps over the operand take).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyDesc {
    /// The operand copied (A or B).
    pub operand: MapOperand,
    /// The copy kernel's entry in [`KernelSpec::ptx`].
    pub entry: String,
    /// Its grid.
    pub grid: [u32; 3],
    /// Its block.
    pub block: [u32; 3],
    /// Bytes of the copy's buffer.
    pub bytes: u64,
    /// Launch it as a programmatic dependent, as [`KernelSpec::programmatic_launch`] does
    /// the GEMM (its entry then waits for the previous kernel itself).
    pub programmatic_launch: bool,
}

/// A kernel's cluster order table: the module's `.const` array `symbol` of `clusters` `u16`
/// entries, entry `c` the logical index of the cluster of CTAs `[c * cluster_ctas, (c + 1) *
/// cluster_ctas)` (`codegen::ClusterOrder`). The runtime writes a permutation of
/// `0..clusters` in which the clusters of each GPC are consecutive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusterOrderDesc {
    /// The `.const` array's name.
    pub symbol: String,
    /// Entries: the grid's clusters (`grid[0] / cluster_ctas`).
    pub clusters: u32,
    /// CTAs per cluster.
    pub cluster_ctas: u32,
    /// CTAs per SM the kernel keeps (registers may bound it below what its shared memory
    /// allows); the placement probe takes enough shared memory to keep no more.
    pub ctas_per_sm: u32,
}

/// Which operand buffer a tensor map covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapOperand {
    /// A.
    A,
    /// B.
    B,
    /// C (a TMA store writes only its in-bounds elements).
    C,
}

/// A 2-D (batched: 3-D) tiled tensor map to encode with `cuTensorMapEncodeTiled` (CUDA driver
/// API, "Tensor Map Object Management"): dimension 0 is the contiguous one; no interleave, L2
/// promotion as `l2_promotion_bytes` asks, out-of-bounds elements read as zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TensorMapDesc {
    /// The buffer.
    pub operand: MapOperand,
    /// Element type (`F16`, `BF16` or `F32`).
    pub elem: ElemType,
    /// Global extents `[inner, outer]`, elements.
    pub dims: [u64; 2],
    /// Byte stride of the outer dimension (a multiple of 16).
    pub stride_bytes: u64,
    /// Box extents `[inner, outer]`, elements.
    pub box_dims: [u32; 2],
    /// Swizzle span in bytes: 0 (none), 32, 64 or 128.
    pub swizzle_bytes: u32,
    /// Batches: 1 encodes a 2-D map; more a 3-D map whose dimension 2 has this extent,
    /// `batch_stride_bytes` apart, and box extent 1.
    pub batch: u64,
    /// Byte stride between batches (a multiple of 16; unused with one batch).
    pub batch_stride_bytes: u64,
    /// L2 promotion, bytes: 0 (none), 64, 128 or 256; 256 is lowered to 128 where
    /// `stride_bytes` is not a multiple of 256.
    pub l2_promotion_bytes: u32,
}

/// Storage type of a GEMM operand in device memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElemType {
    /// IEEE binary16, 2 bytes.
    F16,
    /// bfloat16, 2 bytes.
    BF16,
    /// IEEE binary32, 4 bytes.
    F32,
    /// Signed 8-bit integer, 1 byte.
    S8,
    /// Signed 32-bit integer, 4 bytes.
    S32,
}

impl ElemType {
    /// Size of one element in bytes.
    pub fn size_bytes(self) -> usize {
        match self {
            ElemType::S8 => 1,
            ElemType::F16 | ElemType::BF16 => 2,
            ElemType::F32 | ElemType::S32 => 4,
        }
    }

    /// True for the floating-point types.
    pub fn is_float(self) -> bool {
        matches!(self, ElemType::F16 | ElemType::BF16 | ElemType::F32)
    }

    /// Short lowercase name (`f16`, `bf16`, `f32`, `s8`, `s32`).
    pub fn name(self) -> &'static str {
        match self {
            ElemType::F16 => "f16",
            ElemType::BF16 => "bf16",
            ElemType::F32 => "f32",
            ElemType::S8 => "s8",
            ElemType::S32 => "s32",
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Memory layout of the A or B operand (C is always row-major).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Rows are contiguous: A(i,k) at `i*K + k`, B(k,j) at `k*N + j`.
    RowMajor,
    /// Columns are contiguous: A(i,k) at `i + k*M`, B(k,j) at `k + j*K`.
    ColMajor,
}

/// Arithmetic the kernel is asked to perform (and that cuBLAS is asked to match).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compute {
    /// f32 accumulation. With f16/bf16 inputs: tensor-core math (cuBLAS `COMPUTE_32F`).
    /// With f32 inputs: plain f32 (cuBLAS `COMPUTE_32F`, no TF32).
    F32,
    /// f32 inputs rounded to TF32 on the tensor cores, f32 accumulation
    /// (cuBLAS `COMPUTE_32F_FAST_TF32`).
    F32Tf32,
    /// True IEEE f32 arithmetic, no reduced-precision shortcuts (cuBLAS `COMPUTE_32F_PEDANTIC`).
    F32Pedantic,
    /// f16 accumulation (cuBLAS `COMPUTE_16F`); f16 inputs and f16 C only.
    F16,
    /// Exact 32-bit integer accumulation (cuBLAS `COMPUTE_32I`); s8 inputs, s32 C.
    S32,
}

impl Compute {
    /// Short lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Compute::F32 => "f32",
            Compute::F32Tf32 => "tf32",
            Compute::F32Pedantic => "f32-pedantic",
            Compute::F16 => "f16acc",
            Compute::S32 => "s32",
        }
    }
}

/// One GEMM, or `batch` of them: `C = alpha * A * B + beta * C`, C is M x N row-major.
///
/// A is M x K and B is K x N in the given [`Layout`]s. With `batch > 1` batch `z`'s A, B and
/// C follow batch `z - 1`'s (strides `M*K`, `K*N` and `M*N` elements), so the Cs together
/// are one `(batch * M) x N` row-major matrix. When `beta == 0` the kernel must not read
/// C (BLAS convention): [`crate::verify`] fills C with a NaN/`i32::MIN` poison in that case, so a
/// kernel that computes `0 * C` fails.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GemmCall {
    /// Rows of A and C.
    pub m: u32,
    /// Columns of B and C.
    pub n: u32,
    /// Columns of A, rows of B (the reduction length).
    pub k: u32,
    /// Storage type of A.
    pub a: ElemType,
    /// Storage type of B.
    pub b: ElemType,
    /// Storage type of C.
    pub c: ElemType,
    /// Layout of A.
    pub a_layout: Layout,
    /// Layout of B.
    pub b_layout: Layout,
    /// Arithmetic to perform.
    pub compute: Compute,
    /// Scale of A*B (passed as f32, or s32 for an s32 C, which then must be integral).
    pub alpha: f64,
    /// Scale of the old C (as `alpha`).
    pub beta: f64,
    /// Independent GEMMs, stored one after another (1: a plain GEMM).
    pub batch: u32,
}

impl GemmCall {
    /// A plain `C = A*B` (alpha 1, beta 0) with row-major A and B.
    pub fn new(m: u32, n: u32, k: u32, ab: ElemType, c: ElemType, compute: Compute) -> Self {
        GemmCall {
            m,
            n,
            k,
            a: ab,
            b: ab,
            c,
            a_layout: Layout::RowMajor,
            b_layout: Layout::RowMajor,
            compute,
            alpha: 1.0,
            beta: 0.0,
            batch: 1,
        }
    }

    /// Floating-point (or integer) operations of all batches: `2*batch*M*N*K`.
    pub fn flop(&self) -> f64 {
        2.0 * self.batch as f64 * self.m as f64 * self.n as f64 * self.k as f64
    }

    /// Elements of one batch's A, B and C.
    pub fn batch_elems(&self) -> (usize, usize, usize) {
        let (m, n, k) = (self.m as usize, self.n as usize, self.k as usize);
        (m * k, k * n, m * n)
    }

    /// Elements of A, B and C, all batches.
    pub fn elems(&self) -> (usize, usize, usize) {
        let (a, b, c) = self.batch_elems();
        let z = self.batch as usize;
        (a * z, b * z, c * z)
    }

    /// Bytes of one input set (A + B + C) in device memory.
    pub fn set_bytes(&self) -> usize {
        let (ea, eb, ec) = self.elems();
        ea * self.a.size_bytes() + eb * self.b.size_bytes() + ec * self.c.size_bytes()
    }

    /// Checks sizes and the type/compute combination.
    ///
    /// Supported: f16 x f16 -> f16|f32 (compute f32, or f16 with an f16 C); bf16 x bf16 ->
    /// bf16|f32 (compute f32); f32 x f32 -> f32 (compute f32, tf32 or pedantic);
    /// s8 x s8 -> s32 (compute s32, integral alpha/beta).
    pub fn validate(&self) -> Result<(), RuntimeError> {
        if self.m == 0 || self.n == 0 || self.k == 0 || self.batch == 0 {
            return Err(RuntimeError::BadSpec(format!(
                "zero-sized GEMM {}x{}x{} batch {}",
                self.m, self.n, self.k, self.batch
            )));
        }
        if self.a != self.b {
            return Err(RuntimeError::BadSpec(format!(
                "A and B types differ ({} vs {})",
                self.a, self.b
            )));
        }
        use Compute as C;
        use ElemType as E;
        let ok = matches!(
            (self.a, self.c, self.compute),
            (E::F16, E::F16 | E::F32, C::F32)
                | (E::F16, E::F16, C::F16)
                | (E::BF16, E::BF16 | E::F32, C::F32)
                | (E::F32, E::F32, C::F32 | C::F32Tf32 | C::F32Pedantic)
                | (E::S8, E::S32, C::S32)
        );
        if !ok {
            return Err(RuntimeError::BadSpec(format!(
                "unsupported type mix {} x {} -> {} with compute {}",
                self.a,
                self.b,
                self.c,
                self.compute.name()
            )));
        }
        if !self.alpha.is_finite() || !self.beta.is_finite() {
            return Err(RuntimeError::BadSpec("alpha/beta must be finite".into()));
        }
        if self.c == E::S32
            && (self.alpha.fract() != 0.0
                || self.beta.fract() != 0.0
                || self.alpha.abs() > i32::MAX as f64
                || self.beta.abs() > i32::MAX as f64)
        {
            return Err(RuntimeError::BadSpec(
                "s32 C needs integral alpha/beta that fit in s32".into(),
            ));
        }
        let (ea, eb, ec) = self.elems();
        if ea.max(eb).max(ec) > i32::MAX as usize {
            return Err(RuntimeError::BadSpec(
                "an operand has more than 2^31-1 elements".into(),
            ));
        }
        Ok(())
    }

    /// Relative-error tolerance of a correct kernel for this call, measured as
    /// `‖out − ref‖ / ‖ref‖` against the float64 reference (and against cuBLAS).
    ///
    /// f16/bf16 inputs with f32 accumulation: 1e-2; tf32: 5e-3; true f32 (f32 inputs with
    /// compute f32 or pedantic): 1e-5; f16 accumulation: 3e-2; s32: 0 (exact).
    pub fn tolerance(&self) -> f64 {
        match self.compute {
            Compute::S32 => 0.0,
            Compute::F16 => 3e-2,
            Compute::F32Tf32 => 5e-3,
            Compute::F32Pedantic => 1e-5,
            Compute::F32 => {
                if self.a == ElemType::F32 {
                    1e-5
                } else {
                    1e-2
                }
            }
        }
    }

    /// One-line description, e.g. `1000x777x333 f16*f16->f32 (f32) RR a=1 b=0` (batched:
    /// `8 x 1000x777x333 ...`).
    pub fn describe(&self) -> String {
        let l = |x: Layout| if x == Layout::RowMajor { 'R' } else { 'C' };
        let batch = if self.batch > 1 {
            format!("{} x ", self.batch)
        } else {
            String::new()
        };
        format!(
            "{batch}{}x{}x{} {}*{}->{} ({}) {}{} a={} b={}",
            self.m,
            self.n,
            self.k,
            self.a,
            self.b,
            self.c,
            self.compute.name(),
            l(self.a_layout),
            l(self.b_layout),
            self.alpha,
            self.beta
        )
    }
}

impl KernelSpec {
    /// Checks the launch shape (no GPU needed; the shared-memory limit is checked at load).
    pub fn validate(&self) -> Result<(), RuntimeError> {
        if self.entry.is_empty() {
            return Err(RuntimeError::BadSpec("empty entry name".into()));
        }
        if self.ptx.contains('\0') {
            return Err(RuntimeError::BadSpec("PTX contains a NUL byte".into()));
        }
        if self.grid.contains(&0) || self.block.contains(&0) {
            return Err(RuntimeError::BadSpec(format!(
                "zero grid/block dimension: grid {:?} block {:?}",
                self.grid, self.block
            )));
        }
        let threads: u64 = self.block.iter().map(|&x| x as u64).product();
        if threads > 1024 {
            return Err(RuntimeError::BadSpec(format!(
                "block {:?} has {threads} threads (max 1024)",
                self.block
            )));
        }
        if let Some(c) = self.resident_clusters
            && (c < 2 || !self.grid[0].is_multiple_of(c) || self.grid[1] != 1 || self.grid[2] != 1)
        {
            return Err(RuntimeError::BadSpec(format!(
                "resident clusters of {c} CTAs for grid {:?}",
                self.grid
            )));
        }
        for c in &self.padded {
            let threads: u64 = c.block.iter().map(|&x| u64::from(x)).product();
            if c.operand == MapOperand::C
                || c.entry.is_empty()
                || c.bytes == 0
                || c.grid.contains(&0)
                || c.block.contains(&0)
                || threads > 1024
            {
                return Err(RuntimeError::BadSpec(format!("operand copy {c:?}")));
            }
        }
        if let Some(o) = &self.cluster_order {
            let ctas = u64::from(o.clusters) * u64::from(o.cluster_ctas);
            if o.clusters == 0
                || o.clusters > 65536
                || o.ctas_per_sm == 0
                || o.ctas_per_sm > 64
                || ctas != u64::from(self.grid[0])
                || self.grid[1] != 1
                || self.grid[2] != 1
            {
                return Err(RuntimeError::BadSpec(format!(
                    "a cluster order of {} clusters of {} CTAs for grid {:?}",
                    o.clusters, o.cluster_ctas, self.grid
                )));
            }
        }
        Ok(())
    }
}

/// Options of [`crate::verify`].
#[derive(Debug, Clone, PartialEq)]
pub struct VerifyOpts {
    /// Seed of the input generator; `None` draws a fresh one (time and a process counter), so
    /// every call sees new inputs. The seed used is in the report, for reproduction.
    pub seed: Option<u64>,
    /// Number of random (i, j) entries checked against the float64 reference, on top of the
    /// four corners and the whole last row and last column.
    pub sample: usize,
    /// Launch the kernel twice, back to back on the same buffers with no synchronization
    /// between: first as the call says (its beta must be 0, so C starts poisoned), then with
    /// beta 1, so that C must end as `2 alpha A B`; checked against that. A kernel launched
    /// as a programmatic dependent ([`KernelSpec::programmatic_launch`]) whose second launch
    /// read C before the first had written it, or wrote C before the first had finished,
    /// leaves poison or `alpha A B` there. With beta != 0: [`RuntimeError::BadSpec`].
    pub back_to_back: bool,
}

impl Default for VerifyOpts {
    fn default() -> Self {
        VerifyOpts {
            seed: None,
            sample: 4096,
            back_to_back: false,
        }
    }
}

/// Error of an output against a reference, over some set of entries.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ErrorStats {
    /// Entries compared.
    pub count: usize,
    /// Largest `|out − ref|` (absolute, in output units).
    pub max_abs: f64,
    /// `‖out − ref‖₂ / ‖ref‖₂` over the compared entries (∞ if any output is NaN/∞).
    pub rel: f64,
    /// Compared entries where the output is NaN or infinite.
    pub non_finite: usize,
    /// The entry with the largest absolute error: (i, j, out, ref).
    pub worst: Option<(u32, u32, f64, f64)>,
}

impl ErrorStats {
    /// Passes when no entry is non-finite and `rel <= tol` (for `tol == 0`: `max_abs == 0`).
    pub fn passes(&self, tol: f64) -> bool {
        if self.non_finite > 0 || self.rel.is_nan() {
            return false;
        }
        if tol == 0.0 {
            self.max_abs == 0.0
        } else {
            self.rel <= tol
        }
    }
}

/// Result of the cuBLAS comparison in [`VerifyReport`].
#[derive(Debug, Clone, PartialEq)]
pub enum CublasCheck {
    /// cuBLAS ran on the same inputs; error of the kernel's output against cuBLAS's, over all
    /// M*N elements.
    Compared(ErrorStats),
    /// cuBLAS is not available or rejected this call (reason); only the float64 check applies.
    Unavailable(String),
}

/// What [`crate::verify`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifyReport {
    /// The call that was verified.
    pub call: GemmCall,
    /// Seed of the inputs (pass it in [`VerifyOpts::seed`] to reproduce).
    pub seed: u64,
    /// Output elements that still hold the poison pattern (C was never written there). Only
    /// meaningful when `beta == 0`; otherwise 0.
    pub unwritten: usize,
    /// First unwritten element (i, j), row-major order.
    pub first_unwritten: Option<(u32, u32)>,
    /// Output elements (all M*N) that are NaN or infinite but are not the poison pattern.
    pub non_finite: usize,
    /// Kernel output against the float64 reference on the sampled entries.
    pub vs_f64: ErrorStats,
    /// cuBLAS's own output against the float64 reference on the same sample (shows the error
    /// level the tolerance must admit); `None` when cuBLAS did not run.
    pub cublas_vs_f64: Option<ErrorStats>,
    /// Kernel output against cuBLAS over all elements.
    pub vs_cublas: CublasCheck,
    /// The relative tolerance applied ([`GemmCall::tolerance`]).
    pub tolerance: f64,
    /// True when nothing is unwritten, nothing is non-finite, and both comparisons are within
    /// the tolerance (the cuBLAS one only where cuBLAS ran).
    pub passed: bool,
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: seed {:#x}, vs f64 rel {:.2e} max_abs {:.2e} ({} entries)",
            self.call.describe(),
            if self.passed { "PASS" } else { "FAIL" },
            self.seed,
            self.vs_f64.rel,
            self.vs_f64.max_abs,
            self.vs_f64.count
        )?;
        match &self.vs_cublas {
            CublasCheck::Compared(s) => {
                write!(f, ", vs cuBLAS rel {:.2e} max_abs {:.2e}", s.rel, s.max_abs)?
            }
            CublasCheck::Unavailable(why) => write!(f, ", cuBLAS unavailable: {why}")?,
        }
        if let Some(c) = &self.cublas_vs_f64 {
            write!(f, ", cuBLAS vs f64 rel {:.2e}", c.rel)?;
        }
        write!(f, ", tol {:.0e}", self.tolerance)?;
        if self.unwritten > 0 {
            write!(
                f,
                ", {} unwritten (first {:?})",
                self.unwritten, self.first_unwritten
            )?;
        }
        if self.non_finite > 0 {
            write!(f, ", {} NaN/inf", self.non_finite)?;
        }
        Ok(())
    }
}

/// Options of [`crate::bench`].
#[derive(Debug, Clone, PartialEq)]
pub struct BenchOpts {
    /// Untimed launches of each of mosaic and cuBLAS before timing (module load, cuBLAS
    /// heuristics, clocks ramp-up).
    pub warmup: u32,
    /// Timed samples of each; at least 20 are taken whatever this says. A sample is one event
    /// pair around one launch on each input set in turn.
    pub samples: u32,
    /// Input sets rotated so that their total is at least this many times the L2 size.
    pub l2_multiple: f64,
    /// Upper bound on the number of input sets.
    pub max_sets: u32,
    /// Seed of the inputs; `None` draws a fresh one.
    pub seed: Option<u64>,
    /// After the timed samples, run each implementation back to back and read the board's
    /// energy, power and clock through NVML ([`crate::EnergyReport`]); `None` skips it.
    pub energy: Option<crate::EnergyOpts>,
}

impl Default for BenchOpts {
    fn default() -> Self {
        BenchOpts {
            warmup: 10,
            samples: 30,
            l2_multiple: 2.0,
            max_sets: 64,
            seed: None,
            energy: None,
        }
    }
}

/// Timing summary of one implementation: per-launch times in microseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Median over samples of the per-launch time, µs.
    pub median_us: f64,
    /// Fastest sample's per-launch time, µs.
    pub min_us: f64,
    /// Slowest sample's per-launch time, µs.
    pub max_us: f64,
    /// `2*M*N*K / median`, in TFLOP/s (10^12 operations per second).
    pub tflops: f64,
}

/// cuBLAS's time over mosaic's, sample by sample (above 1: mosaic is faster).
///
/// Sample `s` of each implementation is timed back to back (their order alternates with
/// `s`), so a clock or temperature drift during the run moves both halves of a pair alike
/// and cancels in its ratio, where it widens the spread of each median.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedRatio {
    /// Median over samples of `cuBLAS µs / mosaic µs`.
    pub median: f64,
    /// A distribution-free interval of at least 95% for that median (binomial order
    /// statistics, [`crate::host::median_ci95`]). It assumes independent samples; drift that
    /// does not cancel within a pair makes it read narrower than it is, so compare calls too.
    pub ci95: Option<(f64, f64)>,
}

impl PairedRatio {
    /// The statistic of the paired times `(mosaic µs, cuBLAS µs)`; `None` when there are none.
    pub fn of(pairs: &[(f64, f64)]) -> Option<Self> {
        if pairs.is_empty() {
            return None;
        }
        let r: Vec<f64> = pairs.iter().map(|&(m, c)| c / m).collect();
        Some(PairedRatio {
            median: crate::host::median(&r),
            ci95: crate::host::median_ci95(&r),
        })
    }
}

impl fmt::Display for PairedRatio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.3}", self.median)?;
        if let Some((lo, hi)) = self.ci95 {
            write!(f, " (95% CI {lo:.3}-{hi:.3})")?;
        }
        Ok(())
    }
}

/// What [`crate::bench`] measured.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchReport {
    /// The call that was timed.
    pub call: GemmCall,
    /// Input sets rotated (each A, B, C, distinct addresses).
    pub sets: u32,
    /// Bytes of one set.
    pub set_bytes: usize,
    /// Timed samples of each implementation.
    pub samples: u32,
    /// Launches per sample (one per set).
    pub launches_per_sample: u32,
    /// CTAs each launch ran (the spec's grid, or fewer where
    /// [`KernelSpec::resident_clusters`] limited it to the clusters resident at once).
    pub ctas: u32,
    /// Whether mosaic's launches were programmatic dependents
    /// ([`KernelSpec::programmatic_launch`]): each may overlap the end of the one before it
    /// in the sample (cuBLAS's launches do not).
    pub programmatic: bool,
    /// mosaic's kernel.
    pub mosaic: Timing,
    /// cuBLAS on the same inputs, interleaved with mosaic; `Err(reason)` when cuBLAS is not
    /// available or rejected the call.
    pub cublas: Result<Timing, String>,
    /// mosaic TFLOP/s over cuBLAS TFLOP/s (above 1: mosaic is faster).
    pub ratio: Option<f64>,
    /// The same ratio taken sample by sample, with its interval; `None` without cuBLAS.
    pub paired: Option<PairedRatio>,
    /// The sustained runs' energy, when [`BenchOpts::energy`] asked for them.
    pub energy: Option<crate::EnergyReport>,
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: mosaic {:.1} TFLOP/s ({:.2} us)",
            self.call.describe(),
            self.mosaic.tflops,
            self.mosaic.median_us
        )?;
        match &self.cublas {
            Ok(t) => {
                write!(
                    f,
                    ", cuBLAS {:.1} TFLOP/s ({:.2} us), ratio {:.3}",
                    t.tflops,
                    t.median_us,
                    self.ratio.unwrap_or(f64::NAN)
                )?;
                if let Some(p) = &self.paired {
                    write!(f, ", paired {p}")?;
                }
            }
            Err(why) => write!(f, ", cuBLAS not timed: {why}")?,
        }
        write!(
            f,
            " [{} samples x {} launches of {} CTAs{}, {} sets of {:.1} MiB]",
            self.samples,
            self.launches_per_sample,
            self.ctas,
            if self.programmatic {
                " (programmatic)"
            } else {
                ""
            },
            self.sets,
            self.set_bytes as f64 / (1 << 20) as f64
        )?;
        if let Some(e) = &self.energy {
            write!(
                f,
                "; sustained (limit {:.0} W): mosaic {}",
                e.power_limit_w, e.mosaic
            )?;
            if let Some(c) = &e.cublas {
                write!(
                    f,
                    "; cuBLAS {c}; cuBLAS J / mosaic J {:.4}",
                    e.ratio().unwrap_or(f64::NAN)
                )?;
            }
        }
        Ok(())
    }
}

/// The device [`crate::probe`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Marketing name, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// Compute capability (major, minor), e.g. (9, 0).
    pub compute_capability: (i32, i32),
    /// Streaming multiprocessors.
    pub sm_count: u32,
    /// Peak SM clock in kHz (0 if the driver does not report it).
    pub sm_clock_khz: u32,
    /// Peak memory clock in kHz (0 if not reported).
    pub mem_clock_khz: u32,
    /// Memory bus width in bits (0 if not reported).
    pub mem_bus_bits: u32,
    /// Device memory in bytes.
    pub total_mem_bytes: u64,
    /// L2 cache in bytes.
    pub l2_bytes: u64,
    /// Largest dynamic shared memory one block may opt in to, in bytes.
    pub max_smem_per_block_optin: u32,
    /// Driver version as the driver reports it (e.g. 13000 for 13.0).
    pub driver_version: i32,
}

impl fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (sm_{}{}, {} SMs, {} MHz, {:.1} GiB, L2 {} MiB, smem/block {} KiB, driver {}.{})",
            self.name,
            self.compute_capability.0,
            self.compute_capability.1,
            self.sm_count,
            self.sm_clock_khz / 1000,
            self.total_mem_bytes as f64 / (1u64 << 30) as f64,
            self.l2_bytes >> 20,
            self.max_smem_per_block_optin >> 10,
            self.driver_version / 1000,
            (self.driver_version % 1000) / 10
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(a: ElemType, c: ElemType, compute: Compute) -> GemmCall {
        GemmCall::new(4, 5, 6, a, c, compute)
    }

    #[test]
    fn paired_ratio_is_cublas_time_over_mosaic_time_per_pair() {
        assert_eq!(PairedRatio::of(&[]), None);
        // A drift that slows both halves of later pairs leaves every pair's ratio at 1.01.
        let pairs: Vec<(f64, f64)> = (0..20)
            .map(|s| {
                let t = 100.0 + f64::from(s);
                (t, 1.01 * t)
            })
            .collect();
        let p = PairedRatio::of(&pairs).unwrap();
        assert!((p.median - 1.01).abs() < 1e-12);
        let (lo, hi) = p.ci95.unwrap();
        assert!((lo - 1.01).abs() < 1e-12 && (hi - 1.01).abs() < 1e-12);
        assert_eq!(p.to_string(), "1.010 (95% CI 1.010-1.010)");
        let few = PairedRatio::of(&[(2.0, 1.0), (1.0, 2.0)]).unwrap();
        assert_eq!((few.median, few.ci95), (1.25, None));
        assert_eq!(few.to_string(), "1.250");
    }

    #[test]
    fn type_mixes() {
        use Compute as C;
        use ElemType as E;
        assert!(call(E::F16, E::F32, C::F32).validate().is_ok());
        assert!(call(E::F16, E::F16, C::F16).validate().is_ok());
        assert!(call(E::BF16, E::BF16, C::F32).validate().is_ok());
        assert!(call(E::F32, E::F32, C::F32Tf32).validate().is_ok());
        assert!(call(E::S8, E::S32, C::S32).validate().is_ok());
        assert!(call(E::BF16, E::BF16, C::F16).validate().is_err());
        assert!(call(E::S8, E::F32, C::S32).validate().is_err());
        assert!(call(E::F16, E::F32, C::F32Tf32).validate().is_err());
        let mut c = call(E::S8, E::S32, C::S32);
        c.alpha = 0.5;
        assert!(c.validate().is_err());
        let mut c = call(E::F16, E::F32, C::F32);
        c.b = E::BF16;
        assert!(c.validate().is_err());
        c = call(E::F16, E::F32, C::F32);
        c.k = 0;
        assert!(matches!(c.validate(), Err(RuntimeError::BadSpec(_))));
    }

    #[test]
    fn batches_scale_sizes_and_work_and_zero_batches_are_refused() {
        let mut c = call(ElemType::F16, ElemType::F32, Compute::F32);
        let (one, flop) = (c.elems(), c.flop());
        c.batch = 3;
        assert_eq!(c.batch_elems(), one);
        assert_eq!(c.elems(), (3 * one.0, 3 * one.1, 3 * one.2));
        assert_eq!(c.flop(), 3.0 * flop);
        assert!(c.describe().starts_with("3 x 4x5x6 "), "{}", c.describe());
        c.batch = 0;
        assert!(matches!(c.validate(), Err(RuntimeError::BadSpec(_))));
    }

    #[test]
    fn tolerances() {
        use Compute as C;
        use ElemType as E;
        assert_eq!(call(E::F16, E::F32, C::F32).tolerance(), 1e-2);
        assert_eq!(call(E::F32, E::F32, C::F32Tf32).tolerance(), 5e-3);
        assert_eq!(call(E::F32, E::F32, C::F32Pedantic).tolerance(), 1e-5);
        assert_eq!(call(E::F32, E::F32, C::F32).tolerance(), 1e-5);
        assert_eq!(call(E::F16, E::F16, C::F16).tolerance(), 3e-2);
        assert_eq!(call(E::S8, E::S32, C::S32).tolerance(), 0.0);
    }

    #[test]
    fn spec_validation() {
        let mut s = KernelSpec {
            ptx: ".version 8.0".into(),
            entry: "k".into(),
            grid: [1, 1, 1],
            block: [32, 32, 1],
            dynamic_smem_bytes: 0,
            tensor_maps: Vec::new(),
            workspace_bytes: 0,
            cluster_order: None,
            resident_clusters: None,
            programmatic_launch: false,
            padded: Vec::new(),
        };
        assert!(s.validate().is_ok());
        s.block = [64, 32, 1];
        assert!(s.validate().is_err());
        s.block = [32, 1, 1];
        s.grid = [0, 1, 1];
        assert!(s.validate().is_err());
        // Resident clusters: whole clusters of at least two CTAs, along x only.
        s.grid = [132, 1, 1];
        s.resident_clusters = Some(4);
        assert!(s.validate().is_ok());
        for (grid, c) in [([130, 1, 1], 4), ([132, 1, 1], 1), ([132, 2, 1], 4)] {
            (s.grid, s.resident_clusters) = (grid, Some(c));
            assert!(s.validate().is_err(), "{grid:?} {c}");
        }
    }

    #[test]
    fn stats_pass_rules() {
        let s = ErrorStats {
            count: 10,
            max_abs: 1e-3,
            rel: 1e-3,
            non_finite: 0,
            worst: None,
        };
        assert!(s.passes(1e-2));
        assert!(!s.passes(1e-4));
        assert!(!s.passes(0.0));
        let exact = ErrorStats {
            max_abs: 0.0,
            rel: 0.0,
            ..s
        };
        assert!(exact.passes(0.0));
        let nan = ErrorStats {
            non_finite: 1,
            ..exact
        };
        assert!(!nan.passes(1.0));
        let nanrel = ErrorStats {
            rel: f64::NAN,
            ..exact
        };
        assert!(!nanrel.passes(1.0));
    }
}
