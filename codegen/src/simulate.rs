//! A compiled GEMM kernel run on the CPU PTX simulator (`ptx_sim`) against the exact
//! reference: small-integer inputs from a seed, so every product and partial sum is exact;
//! C poisoned where beta is 0. No GPU; values, not time (`ptx_sim` crate docs). The
//! simulator is an independent checker of the whole code generator: it models the PTX ISA's
//! instructions (fragments, descriptors, swizzles, TMA boxes, mbarrier phases) without
//! using this crate's layout code.

use itex::DType;
use ptx_sim::gemm::{self, Buffer, CType, Gemm, GemmError};
use ptx_sim::{Launch, TensorMap, Trace};
use tessellate::{GemmDType, Plan};

use crate::{CodegenError, CompileOptions, Kernel, MatLayout, TmaElem, TmaOperand, compile};

/// Why a simulated kernel failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimulateError {
    /// The plan did not compile.
    #[error(transparent)]
    Compile(#[from] CodegenError),
    /// The simulator stopped, or C differs from the reference.
    #[error(transparent)]
    Run(#[from] GemmError),
}

/// Compiles `plan` with `opts`, runs it in the simulator on fresh small-integer inputs
/// (`seed`) with `alpha`, `beta`, and compares all of C with the reference. With
/// `opts.half_c`, C is in the inputs' 16-bit type and the reference is the exact result
/// rounded once to nearest even in that type (what the kernel's exact f32 sum rounded by
/// `cvt.rn` gives). Returns the run's trace: the executions of each statement of the
/// kernel's entry summed over its threads, and each CTA's TMA loads and L2 prefetches
/// (`ptx_sim::Trace`).
///
/// # Errors
/// [`SimulateError::Compile`] where the plan does not compile, [`SimulateError::Run`] for
/// the simulator's error or the first wrong element.
pub fn check(
    plan: &Plan,
    opts: &CompileOptions,
    (alpha, beta): (f64, f64),
    seed: u64,
) -> Result<Trace, SimulateError> {
    let kern = compile(plan, opts)?;
    check_kernel(&kern, plan, opts, (alpha, beta), seed)
}

/// [`check`] of a compiled kernel: `kern` is `plan` compiled with `opts`.
///
/// # Errors
/// [`SimulateError::Run`] for the simulator's error or the first wrong element.
pub fn check_kernel(
    kern: &Kernel,
    plan: &Plan,
    opts: &CompileOptions,
    (alpha, beta): (f64, f64),
    seed: u64,
) -> Result<Trace, SimulateError> {
    let p = plan.problem;
    // A transposed plan's problem is the caller's n x m x k (`Plan::transposed`); the
    // kernel takes the caller's buffers and sizes.
    let (m, n) = if plan.transposed {
        (p.n, p.m)
    } else {
        (p.m, p.n)
    };
    let (input, c) = match p.dtype {
        GemmDType::F16 => (DType::F16, CType::F32),
        GemmDType::F16Acc => (DType::F16, CType::F16),
        GemmDType::BF16 => (DType::BF16, CType::F32),
        GemmDType::TF32 => (DType::TF32, CType::F32),
        GemmDType::F32 => (DType::F32, CType::F32),
        GemmDType::S8 => (DType::S8, CType::S32),
    };
    let c = match (opts.half_c, p.dtype) {
        (true, GemmDType::BF16) => CType::Bf16,
        (true, _) => CType::F16,
        (false, _) => c,
    };
    let gemm = Gemm {
        m: m as usize,
        n: n as usize,
        k: p.k as usize,
        batch: p.batch as usize,
        a_row_major: opts.a_layout == MatLayout::RowMajor,
        b_row_major: opts.b_layout == MatLayout::RowMajor,
        input,
        c,
        alpha,
        beta,
        seed,
    };
    let maps = kern
        .tensor_maps
        .iter()
        .map(|t| {
            let buf = buffer(t.operand);
            let map = TensorMap {
                base: 0,
                elem_bytes: if t.elem == TmaElem::F32 { 4 } else { 2 },
                dims: [t.dims[0], t.dims[1], t.batch.max(1)],
                strides: [t.stride_bytes, t.batch_stride_bytes],
                box_dims: [t.box_dims[0], t.box_dims[1], 1],
                swizzle_bytes: t.swizzle_bytes,
            };
            (buf, map)
        })
        .collect();
    let kernel = gemm::Kernel {
        module: &kern.module,
        entry: &kern.entry,
        launch: Launch {
            grid: kern.grid,
            block: kern.block,
            dynamic_smem: kern.dynamic_smem_bytes,
        },
        maps,
        workspace_bytes: kern.workspace_bytes,
        copies: kern
            .padded
            .iter()
            .map(|c| ptx_sim::gemm::Copy {
                buf: buffer(c.operand),
                entry: &c.entry,
                launch: Launch {
                    grid: c.grid,
                    block: c.block,
                    dynamic_smem: 0,
                },
                bytes: c.bytes(),
            })
            .collect(),
    };
    Ok(gemm::check(&kernel, &gemm)?)
}

/// The simulator's name for the buffer `op` covers.
fn buffer(op: TmaOperand) -> Buffer {
    match op {
        TmaOperand::A => Buffer::A,
        TmaOperand::B => Buffer::B,
        TmaOperand::C => Buffer::C,
    }
}
