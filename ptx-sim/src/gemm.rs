//! A GEMM kernel of mosaic's ABI run on the simulator against an exact reference.
//!
//! The ABI (`runtime::KernelSpec`): parameters `u64 A, u64 B, u64 C, u32 M, u32 N, u32 K,
//! alpha, beta` (`f32`, or `s32` for an s32 C), then one tensor map per TMA map, then the
//! workspace pointer where the kernel takes one. Batches lie one after another (strides
//! `m k`, `k n`, `m n` elements). A is `m x k` (row-major: k fastest), B `k x n` (row-major:
//! n fastest), C `m x n` row-major.
//!
//! Inputs are small integers (from a seed), so every product and partial sum is exact in
//! every type and the comparison is exact: the reference is the exact sum, rounded once to
//! C's type. Where beta is 0, C starts poisoned (NaN, or `i32::MIN` for s32), so every
//! element must be written and none read.

use half::{bf16, f16};
use itex::DType;

use crate::{Arg, Global, Launch, SimError, TensorMap, Trace, run_traced};

/// Which buffer a tensor map covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    /// A.
    A,
    /// B.
    B,
    /// C.
    C,
}

/// C's element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// f32.
    F32,
    /// IEEE binary16 (f16 accumulate, or an f32 sum rounded once).
    F16,
    /// bfloat16 (an f32 sum rounded once).
    Bf16,
    /// s32 (s8 inputs).
    S32,
}

impl CType {
    fn bytes(self) -> usize {
        match self {
            CType::F16 | CType::Bf16 => 2,
            _ => 4,
        }
    }

    fn encode(self, x: f64) -> Vec<u8> {
        match self {
            CType::F32 => (x as f32).to_le_bytes().to_vec(),
            CType::F16 => f16::from_f64(x).to_bits().to_le_bytes().to_vec(),
            CType::Bf16 => bf16::from_f64(x).to_bits().to_le_bytes().to_vec(),
            CType::S32 => (if x.is_nan() { i32::MIN } else { x as i32 })
                .to_le_bytes()
                .to_vec(),
        }
    }

    fn decode(self, b: &[u8]) -> f64 {
        match self {
            CType::F32 => f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            CType::F16 => f16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f64(),
            CType::Bf16 => bf16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f64(),
            CType::S32 => f64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        }
    }

    /// `x` rounded to this type (to nearest even).
    fn round(self, x: f64) -> f64 {
        self.decode(&self.encode(x))
    }
}

/// The problem a kernel computes, and the run's scalars and seed.
#[derive(Clone, Copy, Debug)]
pub struct Gemm {
    /// Rows of A and C.
    pub m: usize,
    /// Columns of B and C.
    pub n: usize,
    /// Reduction depth.
    pub k: usize,
    /// Batches.
    pub batch: usize,
    /// A row-major (k fastest); else column-major (m fastest).
    pub a_row_major: bool,
    /// B row-major (n fastest); else column-major (k fastest).
    pub b_row_major: bool,
    /// Input element type (`F16`, `BF16`, `TF32` stored as f32, `F32`, `S8`).
    pub input: DType,
    /// C's type.
    pub c: CType,
    /// alpha.
    pub alpha: f64,
    /// beta.
    pub beta: f64,
    /// Seed of the inputs.
    pub seed: u64,
}

/// A compiled kernel as the simulator launches it.
#[derive(Clone, Debug)]
pub struct Kernel<'a> {
    /// The module.
    pub module: &'a emit_ptx::ast::Module,
    /// Entry name.
    pub entry: &'a str,
    /// Grid, block and dynamic shared memory.
    pub launch: Launch,
    /// Tensor maps in parameter order, each over a buffer (its `base` is replaced by the
    /// buffer's address).
    pub maps: Vec<(Buffer, TensorMap)>,
    /// Bytes of zero-filled workspace (0: the kernel takes none).
    pub workspace_bytes: u64,
    /// Copies of operands the launcher makes before the kernel, in order (`codegen`'s
    /// `PaddedCopy`): each runs its entry of the same module with `(u64 src, u64 dst)`,
    /// and the maps over its buffer then read the copy.
    pub copies: Vec<Copy<'a>>,
}

/// One operand copy run before the kernel: `entry` launched on `launch` with the buffer's
/// address and a fresh allocation of `bytes` bytes (filled with `0xff`, so that a map that
/// reads past the copied rows' data reads NaN and fails the check).
#[derive(Clone, Debug)]
pub struct Copy<'a> {
    /// The buffer copied.
    pub buf: Buffer,
    /// The copy entry.
    pub entry: &'a str,
    /// Its grid and block.
    pub launch: Launch,
    /// Bytes of the copy's buffer.
    pub bytes: u64,
}

/// Why a simulated GEMM failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GemmError {
    /// The simulator stopped (bad access, deadlock, unsupported instruction...).
    #[error(transparent)]
    Sim(#[from] SimError),
    /// An element of C differs from the reference.
    #[error("batch {batch} C[{row},{col}] = {got}, expected {expected}")]
    Mismatch {
        /// Batch.
        batch: usize,
        /// Row of C.
        row: usize,
        /// Column of C.
        col: usize,
        /// The kernel's value.
        got: f64,
        /// The reference.
        expected: f64,
    },
}

struct Rng(u64);

impl Rng {
    fn small(&mut self, lo: i64, hi: i64) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (lo + (self.0 % (hi - lo + 1) as u64) as i64) as f64
    }
}

fn encode_input(d: DType, x: f64) -> Vec<u8> {
    match d {
        DType::F16 => f16::from_f64(x).to_bits().to_le_bytes().to_vec(),
        DType::BF16 => bf16::from_f64(x).to_bits().to_le_bytes().to_vec(),
        DType::S8 => vec![x as i8 as u8],
        _ => (x as f32).to_le_bytes().to_vec(),
    }
}

/// Runs `kernel` on fresh inputs for `gemm` and compares all of C with the reference;
/// returns the run's [`Trace`] (statement executions, TMA requests).
///
/// # Errors
/// [`GemmError::Sim`] where the simulator stops, [`GemmError::Mismatch`] at the first
/// wrong element (batch, then row, then column order).
pub fn check(kernel: &Kernel<'_>, gemm: &Gemm) -> Result<Trace, GemmError> {
    let Gemm {
        m,
        n,
        k,
        batch: nb,
        alpha,
        beta,
        ..
    } = *gemm;
    let mut rng = Rng(gemm.seed | 1);
    // f16 accumulation (and a 16-bit C) stays exact with smaller magnitudes.
    let (lo, hi) = if gemm.c == CType::F16 && gemm.input == DType::F16 {
        (-2, 2)
    } else {
        (-3, 3)
    };
    let a: Vec<f64> = (0..nb * m * k).map(|_| rng.small(lo, hi)).collect();
    let b: Vec<f64> = (0..nb * k * n).map(|_| rng.small(lo, hi)).collect();
    let c0: Vec<f64> = (0..nb * m * n).map(|_| rng.small(-4, 4)).collect();
    let a_at = |i: usize, kk: usize| {
        if gemm.a_row_major {
            i * k + kk
        } else {
            i + kk * m
        }
    };
    let b_at = |kk: usize, j: usize| {
        if gemm.b_row_major {
            kk * n + j
        } else {
            kk + j * k
        }
    };
    let eb = gemm.input.bytes() as usize;
    let mut abytes = vec![0u8; nb * m * k * eb];
    let mut bbytes = vec![0u8; nb * k * n * eb];
    for z in 0..nb {
        for i in 0..m {
            for kk in 0..k {
                let o = (z * m * k + a_at(i, kk)) * eb;
                abytes[o..o + eb]
                    .copy_from_slice(&encode_input(gemm.input, a[z * m * k + i * k + kk]));
            }
        }
        for kk in 0..k {
            for j in 0..n {
                let o = (z * k * n + b_at(kk, j)) * eb;
                bbytes[o..o + eb]
                    .copy_from_slice(&encode_input(gemm.input, b[z * k * n + kk * n + j]));
            }
        }
    }
    let cbytes: Vec<u8> = c0
        .iter()
        .flat_map(|&x| gemm.c.encode(if beta == 0.0 { f64::NAN } else { x }))
        .collect();
    let mut g = Global::default();
    let (pa, pb, pc) = (g.alloc(abytes), g.alloc(bbytes), g.alloc(cbytes));
    let scalar = |x: f64| {
        if gemm.c == CType::S32 {
            Arg::U32(x as i32 as u32)
        } else {
            Arg::F32(x as f32)
        }
    };
    let mut args = vec![
        Arg::U64(pa),
        Arg::U64(pb),
        Arg::U64(pc),
        Arg::U32(m as u32),
        Arg::U32(n as u32),
        Arg::U32(k as u32),
        scalar(alpha),
        scalar(beta),
    ];
    let address = |buf: &Buffer| match buf {
        Buffer::A => pa,
        Buffer::B => pb,
        Buffer::C => pc,
    };
    let mut copied = Vec::new();
    for cp in &kernel.copies {
        let src = address(&cp.buf);
        let dst = g.alloc(vec![0xff; cp.bytes as usize]);
        let copy_args = [Arg::U64(src), Arg::U64(dst)];
        run_traced(kernel.module, cp.entry, &cp.launch, &copy_args, &mut g)?;
        copied.push((cp.buf, dst));
    }
    for (buf, map) in &kernel.maps {
        let base = copied
            .iter()
            .find(|(b, _)| b == buf)
            .map_or_else(|| address(buf), |&(_, dst)| dst);
        args.push(Arg::TensorMap(TensorMap { base, ..*map }));
    }
    if kernel.workspace_bytes > 0 {
        args.push(Arg::U64(g.alloc(vec![0; kernel.workspace_bytes as usize])));
    }
    let trace = run_traced(kernel.module, kernel.entry, &kernel.launch, &args, &mut g)?;
    let out = g.get(pc).expect("C's allocation");
    let cb = gemm.c.bytes();
    for z in 0..nb {
        let (a, b, c0) = (&a[z * m * k..], &b[z * k * n..], &c0[z * m * n..]);
        let mut row = vec![0.0f64; n];
        for i in 0..m {
            // Row i of A B, k outermost so that B is read along its rows (exact in any
            // order: the inputs are small integers).
            row.fill(0.0);
            for kk in 0..k {
                let x = a[i * k + kk];
                for (r, &y) in row.iter_mut().zip(&b[kk * n..kk * n + n]) {
                    *r += x * y;
                }
            }
            for j in 0..n {
                let s = row[j];
                let expected = gemm.c.round(alpha * s + beta * c0[i * n + j]);
                let at = (z * m * n + i * n + j) * cb;
                let got = gemm.c.decode(&out[at..at + cb]);
                if got != expected {
                    return Err(GemmError::Mismatch {
                        batch: z,
                        row: i,
                        col: j,
                        got,
                        expected,
                    });
                }
            }
        }
    }
    Ok(trace)
}
