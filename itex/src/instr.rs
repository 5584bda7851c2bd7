//! Hardware arithmetic instructions that iTexes model, and their element types.

use std::fmt;

/// Element type of an instruction operand.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum DType {
    /// IEEE binary16.
    F16,
    /// bfloat16.
    BF16,
    /// TensorFloat-32 (f32 storage, 10-bit mantissa in the tensor core).
    TF32,
    /// IEEE binary32.
    F32,
    /// Signed 8-bit integer.
    S8,
    /// Signed 32-bit integer (s8 accumulator).
    S32,
}

impl DType {
    /// Size of one element in bytes (tf32 is stored as 4 bytes).
    pub fn bytes(self) -> u32 {
        match self {
            DType::F16 | DType::BF16 => 2,
            DType::TF32 | DType::F32 | DType::S32 => 4,
            DType::S8 => 1,
        }
    }

    /// PTX type suffix (`f16`, `bf16`, `tf32`, `f32`, `s8`, `s32`).
    pub fn ptx(self) -> &'static str {
        match self {
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::TF32 => "tf32",
            DType::F32 => "f32",
            DType::S8 => "s8",
            DType::S32 => "s32",
        }
    }

    /// Parses a PTX-style name; `None` if unknown.
    pub fn parse(s: &str) -> Option<DType> {
        Some(match s {
            "f16" => DType::F16,
            "bf16" => DType::BF16,
            "tf32" => DType::TF32,
            "f32" => DType::F32,
            "s8" => DType::S8,
            "s32" => DType::S32,
            _ => return None,
        })
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ptx())
    }
}

/// The execution unit an instruction occupies.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Unit {
    /// The FP32/FMA pipe ("CUDA cores"): FFMA, HFMA2.
    Vector,
    /// The tensor cores: mma.sync, wgmma.
    Tensor,
    /// The multi-function unit: ex2, rcp, ...
    Mufu,
}

/// One hardware arithmetic instruction (opcode plus the shape/type qualifiers that change what
/// it computes). Warp-level instructions run on 32 threads, wgmma on a 128-thread warpgroup.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Instruction {
    /// `fma.rn.f32` (SASS FFMA): one f32 fused multiply-add per thread.
    Ffma,
    /// `fma.rn.f16x2` (SASS HFMA2): two f16 FMAs per thread, f16 accumulate.
    Hfma2,
    /// `mma.sync.aligned.mMnNkK` with A/B type `ab` and accumulator type `acc` (one warp).
    /// PTX ISA 9.7.14.5 (`mma`).
    Mma {
        /// Rows of A/C.
        m: u32,
        /// Columns of B/C.
        n: u32,
        /// Reduction depth.
        k: u32,
        /// A and B element type.
        ab: DType,
        /// C and D element type.
        acc: DType,
    },
    /// `wgmma.mma_async.sync.aligned.m64nNkK` (one warpgroup, sm_90a). PTX ISA 9.7.15 (`wgmma`).
    Wgmma {
        /// Columns of B/D: 8..=256, step 8.
        n: u32,
        /// A and B element type (k = 32 bytes / element size: 16 for f16/bf16, 8 for tf32).
        ab: DType,
        /// Accumulator type.
        acc: DType,
    },
    /// `ex2.approx.f32` on the MUFU.
    Ex2,
}

/// Errors for instruction shapes that do not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InstrError {
    /// No such mma.sync / wgmma shape-and-type combination in the PTX ISA.
    #[error("no {0} instruction with that shape and type")]
    NoSuchShape(&'static str),
}

impl Instruction {
    /// `mma.sync` for the A/B type, with the shape the PTX ISA gives that type on sm_80+
    /// (m16n8k8 tf32, m16n8k16 f16/bf16, m16n8k32 s8) and accumulator `acc`.
    ///
    /// # Errors
    /// [`InstrError::NoSuchShape`] for an A/B type or accumulator the ISA does not pair.
    pub fn mma(ab: DType, acc: DType) -> Result<Self, InstrError> {
        let k = match (ab, acc) {
            (DType::TF32, DType::F32) => 8,
            (DType::F16, DType::F32 | DType::F16) | (DType::BF16, DType::F32) => 16,
            (DType::S8, DType::S32) => 32,
            _ => return Err(InstrError::NoSuchShape("mma.sync")),
        };
        Ok(Instruction::Mma {
            m: 16,
            n: 8,
            k,
            ab,
            acc,
        })
    }

    /// `wgmma` m64nNk(32 bytes / element size) for `n` in 8..=256 step 8.
    ///
    /// # Errors
    /// [`InstrError::NoSuchShape`] for another `n` or an unsupported type pair.
    pub fn wgmma(n: u32, ab: DType, acc: DType) -> Result<Self, InstrError> {
        let ok_types = matches!(
            (ab, acc),
            (DType::F16, DType::F32 | DType::F16)
                | (DType::BF16, DType::F32)
                | (DType::TF32, DType::F32)
        );
        if !ok_types || n == 0 || n > 256 || !n.is_multiple_of(8) {
            return Err(InstrError::NoSuchShape("wgmma"));
        }
        Ok(Instruction::Wgmma { n, ab, acc })
    }

    /// Threads that execute one instance: 32 (a warp), or 128 (a warpgroup) for wgmma.
    pub fn threads(self) -> u32 {
        match self {
            Instruction::Wgmma { .. } => 128,
            _ => 32,
        }
    }

    /// The unit the instruction occupies.
    pub fn unit(self) -> Unit {
        match self {
            Instruction::Ffma | Instruction::Hfma2 => Unit::Vector,
            Instruction::Mma { .. } | Instruction::Wgmma { .. } => Unit::Tensor,
            Instruction::Ex2 => Unit::Mufu,
        }
    }

    /// `(m, n, k)` of the GEMM one instance computes, for tensor instructions.
    pub fn mnk(self) -> Option<(u32, u32, u32)> {
        match self {
            Instruction::Mma { m, n, k, .. } => Some((m, n, k)),
            Instruction::Wgmma { n, ab, .. } => Some((64, n, 32 / ab.bytes())),
            _ => None,
        }
    }

    /// Multiply-adds one instance performs (over all its threads); 0 for MUFU.
    pub fn fmas(self) -> u64 {
        match self {
            Instruction::Ffma => 32,
            Instruction::Hfma2 => 64,
            Instruction::Ex2 => 0,
            _ => {
                let (m, n, k) = self.mnk().unwrap_or((0, 0, 0));
                u64::from(m) * u64::from(n) * u64::from(k)
            }
        }
    }

    /// A/B element type of the instruction (f32 for FFMA, f16 for HFMA2, f32 for ex2).
    pub fn ab_type(self) -> DType {
        match self {
            Instruction::Ffma | Instruction::Ex2 => DType::F32,
            Instruction::Hfma2 => DType::F16,
            Instruction::Mma { ab, .. } | Instruction::Wgmma { ab, .. } => ab,
        }
    }

    /// Accumulator type.
    pub fn acc_type(self) -> DType {
        match self {
            Instruction::Ffma | Instruction::Ex2 => DType::F32,
            Instruction::Hfma2 => DType::F16,
            Instruction::Mma { acc, .. } | Instruction::Wgmma { acc, .. } => acc,
        }
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Instruction::Ffma => write!(f, "ffma"),
            Instruction::Hfma2 => write!(f, "hfma2"),
            Instruction::Ex2 => write!(f, "ex2"),
            Instruction::Mma { m, n, k, ab, acc } => write!(f, "mma.m{m}n{n}k{k}.{ab}.{acc}"),
            Instruction::Wgmma { n, ab, acc } => {
                let k = 32 / ab.bytes();
                write!(f, "wgmma.m64n{n}k{k}.{ab}.{acc}")
            }
        }
    }
}
