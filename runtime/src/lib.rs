//! mosaic's runtime: run compiled GEMM kernels on the current GPU, check them against cuBLAS
//! and a float64 reference, and time them against cuBLAS in the same process.
//!
//! It is the only mosaic crate that touches CUDA. CUDA is loaded at run time (cudarc with
//! dynamic loading), so the crate builds and its host-side tests run on machines with no GPU
//! and no CUDA toolkit; [`probe`] turns "no driver" into [`RuntimeError::NoDriver`] instead of
//! the panic cudarc would raise.
//!
//! # The kernel ABI
//!
//! A [`KernelSpec`] is PTX text plus an entry name and a launch shape. The entry takes
//! `u64 A, u64 B, u64 C, u32 M, u32 N, u32 K, alpha, beta` (alpha/beta `f32`, or `s32` when C
//! is s32) and computes `C = alpha*A*B + beta*C` for the [`GemmCall`]: A is M x K, B is K x N,
//! each row- or column-major, C is M x N row-major. With `beta == 0` the kernel must not read C.
//!
//! # Example (needs a GPU)
//!
//! ```no_run
//! use runtime::{BenchOpts, Compute, ElemType, GemmCall, KernelSpec, VerifyOpts};
//! let spec = KernelSpec {
//!     ptx: std::fs::read_to_string("gemm.ptx").unwrap(),
//!     entry: "gemm".into(),
//!     grid: [32, 32, 1],
//!     block: [128, 1, 1],
//!     dynamic_smem_bytes: 0,
//!     tensor_maps: Vec::new(),
//!     workspace_bytes: 0,
//!     cluster_order: None,
//!     resident_clusters: None,
//!     programmatic_launch: false,
//!     padded: Vec::new(),
//! };
//! let call = GemmCall::new(4096, 4096, 4096, ElemType::F16, ElemType::F32, Compute::F32);
//! match runtime::verify(&spec, &call, &VerifyOpts::default()) {
//!     Ok(r) => println!("{r}"),
//!     Err(e) => {
//!         eprintln!("error: {e}");
//!         std::process::exit(e.exit_code());
//!     }
//! }
//! let b = runtime::bench(&spec, &call, &BenchOpts::default()).unwrap();
//! println!("{b}");
//! ```
// cudarc's raw cuBLAS/driver entry points (cublasGemmEx, cuModuleLoadDataEx, the library
// probe) are `unsafe fn`s; each use carries a SAFETY comment.
#![allow(unsafe_code)]
#![warn(missing_docs)]

mod energy;
mod error;
mod gpu;
pub mod host;
pub mod topology;
mod types;

pub use energy::{EnergyOpts, EnergyReport, EnergyStat};
pub use error::RuntimeError;
pub use gpu::{Loaded, Runtime, probe};
pub use types::{
    BenchOpts, BenchReport, ClusterOrderDesc, Compute, CopyDesc, CublasCheck, DeviceInfo, ElemType,
    ErrorStats, GemmCall, KernelSpec, Layout, MapOperand, PairedRatio, TensorMapDesc, Timing,
    VerifyOpts, VerifyReport,
};

/// Runs `spec` once on fresh random inputs and checks its output.
///
/// Inputs: A and B uniform in [-1, 1] (floats, rounded to the storage type) or [-8, 8] (s8),
/// new on every call unless [`VerifyOpts::seed`] is set. C is random when `beta != 0` and
/// poisoned (NaN bits, or `i32::MIN`) when `beta == 0`. Checks: every element written, no
/// NaN/∞, kernel vs cuBLAS over all M*N elements, and kernel vs a float64 CPU reference on a
/// sample (random entries plus corners, last row and last column), both within
/// [`GemmCall::tolerance`]. If cuBLAS rejects the call the report says so and only the float64
/// check decides.
///
/// Errors: no GPU ([`RuntimeError::NoDriver`]/[`RuntimeError::NoDevice`]), PTX that does not
/// load ([`RuntimeError::Load`]), a launch or kernel fault ([`RuntimeError::Launch`]), a
/// malformed call ([`RuntimeError::BadSpec`]). A wrong answer is not an error: see
/// [`VerifyReport::passed`].
pub fn verify(
    spec: &KernelSpec,
    call: &GemmCall,
    opts: &VerifyOpts,
) -> Result<VerifyReport, RuntimeError> {
    Runtime::new()?.verify(spec, call, opts)
}

/// Times `spec` and cuBLAS on the same inputs, interleaved in one process.
///
/// Several input sets are rotated so their total exceeds [`BenchOpts::l2_multiple`] times the
/// L2 size (so small problems are not timed out of L2). After [`BenchOpts::warmup`] untimed
/// launches of each, every sample is a CUDA-event pair around one launch per set; mosaic and
/// cuBLAS samples alternate (and alternate which goes first). Times are per launch, in
/// microseconds; TFLOP/s is `2*M*N*K / median`. [`BenchReport::paired`] is the ratio taken
/// per sample pair, with a 95% interval for its median. cuBLAS uses the matching math (see
/// [`Compute`]); when cuBLAS rejects the call (e.g. int8 alignment rules) the report carries
/// the reason instead of a timing. Launch gaps are included, so kernels of a few microseconds
/// read slower than their device time (for both implementations alike).
pub fn bench(
    spec: &KernelSpec,
    call: &GemmCall,
    opts: &BenchOpts,
) -> Result<BenchReport, RuntimeError> {
    Runtime::new()?.bench(spec, call, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a machine without a GPU, probe/verify/bench fail with NoDriver/NoDevice and exit
    /// code 3 instead of panicking inside cudarc. (On a GPU machine probe succeeds and the
    /// test has nothing to check.)
    #[test]
    fn no_gpu_is_an_error_not_a_panic() {
        let e = match probe() {
            Ok(info) => {
                eprintln!("GPU present ({info}): nothing to check");
                return;
            }
            Err(e) => e,
        };
        assert!(e.is_no_gpu(), "{e}");
        assert_eq!(e.exit_code(), 3);
        assert!(!e.to_string().contains('\n'));
        let spec = KernelSpec {
            ptx: String::new(),
            entry: "k".into(),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_smem_bytes: 0,
            tensor_maps: Vec::new(),
            workspace_bytes: 0,
            cluster_order: None,
            resident_clusters: None,
            programmatic_launch: false,
            padded: Vec::new(),
        };
        let call = GemmCall::new(8, 8, 8, ElemType::F32, ElemType::F32, Compute::F32);
        assert!(matches!(
            verify(&spec, &call, &VerifyOpts::default()),
            Err(ref v) if *v == e
        ));
        assert!(matches!(
            bench(&spec, &call, &BenchOpts::default()),
            Err(ref b) if *b == e
        ));
    }
}
