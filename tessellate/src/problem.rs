//! The GEMM-family problem a plan covers: sizes, batch and element types.

use std::fmt;

use itex::{DType, Instruction};

/// Largest accepted `m`, `n`, `k` or batch (2^31 - 1): PTX index arithmetic in the generated
/// kernels is 32-bit, and `m*n*k` must stay inside `i64`.
pub const MAX_DIM: i64 = i32::MAX as i64;

/// GEMM element types as the CLI names them. Inputs A, B are `input()`, the accumulator `acc()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum GemmDType {
    /// f16 inputs, f32 accumulate.
    F16,
    /// f16 inputs, f16 accumulate.
    F16Acc,
    /// bf16 inputs, f32 accumulate.
    BF16,
    /// f32 inputs rounded to tf32 on the tensor cores, f32 accumulate.
    TF32,
    /// f32 inputs, f32 accumulate, full f32 products (CUDA cores only).
    F32,
    /// s8 inputs, s32 accumulate.
    S8,
}

impl GemmDType {
    /// All names accepted by [`GemmDType::parse`].
    pub const NAMES: &'static [&'static str] = &["f16", "f16acc", "bf16", "tf32", "f32", "s8"];

    /// Parses a CLI name (`f16`, `f16acc`, `bf16`, `tf32`, `f32`, `s8`).
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "f16" => GemmDType::F16,
            "f16acc" => GemmDType::F16Acc,
            "bf16" => GemmDType::BF16,
            "tf32" => GemmDType::TF32,
            "f32" => GemmDType::F32,
            "s8" => GemmDType::S8,
            _ => return None,
        })
    }

    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            GemmDType::F16 => "f16",
            GemmDType::F16Acc => "f16acc",
            GemmDType::BF16 => "bf16",
            GemmDType::TF32 => "tf32",
            GemmDType::F32 => "f32",
            GemmDType::S8 => "s8",
        }
    }

    /// Element type the tensor instruction reads for A and B.
    pub fn input(self) -> DType {
        match self {
            GemmDType::F16 | GemmDType::F16Acc => DType::F16,
            GemmDType::BF16 => DType::BF16,
            GemmDType::TF32 => DType::TF32,
            GemmDType::F32 => DType::F32,
            GemmDType::S8 => DType::S8,
        }
    }

    /// Accumulator element type.
    pub fn acc(self) -> DType {
        match self {
            GemmDType::F16Acc => DType::F16,
            GemmDType::S8 => DType::S32,
            _ => DType::F32,
        }
    }

    /// Bytes of one A/B element in global memory (tf32 is stored as f32).
    pub fn input_bytes(self) -> i64 {
        i64::from(self.input().bytes())
    }

    /// The CUDA-core instruction that can compute this GEMM's products exactly as the
    /// accumulator type demands: FFMA for f32 accumulation of f16/bf16/tf32/f32 inputs (f16/bf16
    /// convert exactly to f32; tf32 inputs keep full f32 products, which is at least as
    /// accurate), HFMA2 for f16 accumulation, none for s8 (no integer vector iTex yet).
    pub fn vector_instruction(self) -> Option<Instruction> {
        match self {
            GemmDType::F16 | GemmDType::BF16 | GemmDType::TF32 | GemmDType::F32 => {
                Some(Instruction::Ffma)
            }
            GemmDType::F16Acc => Some(Instruction::Hfma2),
            GemmDType::S8 => None,
        }
    }
}

impl fmt::Display for GemmDType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Errors in the problem statement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// A size is zero or negative.
    #[error("{dim} = {value} must be at least 1")]
    NonPositive {
        /// `m`, `n`, `k` or `batch`.
        dim: &'static str,
        /// The value given.
        value: i64,
    },
    /// A size exceeds [`MAX_DIM`].
    #[error("{dim} = {value} exceeds the largest supported size {MAX_DIM}")]
    TooLarge {
        /// `m`, `n`, `k` or `batch`.
        dim: &'static str,
        /// The value given.
        value: i64,
    },
    /// `batch * m * n * k` does not fit in 64 bits.
    #[error("batch*m*n*k overflows 64-bit arithmetic")]
    Overflow,
}

/// A (batched) GEMM: `C[b] = A[b] * B[b]` with `A` of `m x k`, `B` of `k x n`, `C` of `m x n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GemmProblem {
    /// Rows of A and C.
    pub m: i64,
    /// Columns of B and C.
    pub n: i64,
    /// Reduction depth.
    pub k: i64,
    /// Batch count (1 for a plain GEMM).
    pub batch: i64,
    /// Element types.
    pub dtype: GemmDType,
}

impl GemmProblem {
    /// Validates and builds a problem.
    ///
    /// # Errors
    /// [`ProblemError`] for sizes below 1, above [`MAX_DIM`], or whose product overflows.
    pub fn new(m: i64, n: i64, k: i64, batch: i64, dtype: GemmDType) -> Result<Self, ProblemError> {
        for (dim, value) in [("m", m), ("n", n), ("k", k), ("batch", batch)] {
            if value < 1 {
                return Err(ProblemError::NonPositive { dim, value });
            }
            if value > MAX_DIM {
                return Err(ProblemError::TooLarge { dim, value });
            }
        }
        batch
            .checked_mul(m)
            .and_then(|x| x.checked_mul(n))
            .and_then(|x| x.checked_mul(k))
            .and_then(|x| x.checked_mul(2))
            .ok_or(ProblemError::Overflow)?;
        Ok(GemmProblem {
            m,
            n,
            k,
            batch,
            dtype,
        })
    }

    /// Multiply-adds: `batch * m * n * k`.
    pub fn fmas(&self) -> i64 {
        self.batch * self.m * self.n * self.k
    }

    /// Floating-point operations, `2 * fmas()`.
    pub fn flops(&self) -> f64 {
        2.0 * self.fmas() as f64
    }

    /// The problem of `C^T = B^T A^T`: `m` and `n` swapped.
    pub fn transposed(&self) -> Self {
        GemmProblem {
            m: self.n,
            n: self.m,
            ..*self
        }
    }
}

impl fmt::Display for GemmProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.batch > 1 {
            write!(f, "bmm {}x", self.batch)?;
        } else {
            write!(f, "gemm ")?;
        }
        write!(f, "m={} n={} k={} {}", self.m, self.n, self.k, self.dtype)
    }
}

/// `ceil(a / b)` for `a >= 0`, `b > 0`.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}
