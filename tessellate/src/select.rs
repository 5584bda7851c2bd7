//! Algorithm 1, step 1 — iTex selection: the tensor and vector iTexes a target offers for a
//! problem's element types, each derived to the GEMM task and placed with a lattice stride.

use itex::{ITex, Instruction, TaskKind};

use crate::problem::GemmDType;

/// Errors selecting iTexes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectError {
    /// Derivation failed for an instruction (an internal inconsistency, reported not hidden).
    #[error("deriving a GEMM iTex from {0} failed: {1}")]
    Derive(String, String),
    /// No derived iTex of the wanted shape.
    #[error("no GEMM iTex of shape {1:?} derived from {0}")]
    NoShape(String, [i64; 3]),
}

/// The derived GEMM iTex of `instr` whose task extents are `(m, n, k)`.
///
/// # Errors
/// [`SelectError`] when derivation fails or yields no iTex of that shape.
pub fn gemm_itex(instr: Instruction, mnk: [i64; 3]) -> Result<ITex, SelectError> {
    let all = itex::derive::derive_instr(instr, TaskKind::Gemm)
        .map_err(|e| SelectError::Derive(instr.to_string(), e.to_string()))?;
    all.into_iter()
        .find(|t| t.task.extents == mnk)
        .ok_or(SelectError::NoShape(instr.to_string(), mnk))
}

/// Lane arrangement of a warp's vector outer product `(lanes along m, lanes along n)`, and the
/// values one lane computes per instruction: FFMA `4 x 8` lanes, one FMA each (a GEMM(4,8,1)
/// iTex derived from FMA(32)); HFMA2 `4 x 8` lanes, two adjacent n values each (GEMM(4,16,1)
/// from FMA(64)).
pub fn vector_shape(instr: Instruction) -> [i64; 3] {
    match instr {
        Instruction::Hfma2 => [4, 16, 1],
        _ => [4, 8, 1],
    }
}

/// Tensor instructions for `dtype`: mma.sync where the target has it; wgmma on targets with
/// wgmma (the caller picks `n`).
pub fn tensor_instruction(dtype: GemmDType) -> Option<Instruction> {
    if dtype == GemmDType::F32 {
        return None;
    }
    Instruction::mma(dtype.input(), dtype.acc()).ok()
}
