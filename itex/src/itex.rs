//! The iTex: what one hardware instruction computes, as a task plus maps from the
//! instruction's operand (register/fragment) spaces to the task's operand spaces.

use crate::instr::Instruction;
use crate::layout::Layout;
use crate::task::{Role, Task};

/// An instruction operand, as named by the PTX ISA (`d = a * b + c`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum InstrOperand {
    /// Multiplicand `a` (FFMA `rs1`).
    A,
    /// Multiplicand `b` (FFMA `rs2`).
    B,
    /// Addend `c` (FFMA `rs3`).
    C,
    /// Destination `d` (FFMA `rd`).
    D,
}

impl InstrOperand {
    /// The task operand this instruction operand feeds (`c` and `d` both map to C).
    pub fn role(self) -> Role {
        match self {
            InstrOperand::A => Role::A,
            InstrOperand::B => Role::B,
            InstrOperand::C | InstrOperand::D => Role::C,
        }
    }
}

/// How an iTex was obtained.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// The instruction's own semantics (PTX ISA).
    Canonical,
    /// Obtained from the canonical iTex by derivation rules, in the order applied
    /// (e.g. `["fma->outer", "outer->gemm"]`).
    Derived(Vec<String>),
    /// A derived iTex re-mapped; `how` says what the transform does.
    Transformed {
        /// Rules that produced the derived iTex first.
        rules: Vec<String>,
        /// The transform, in words and CuTe notation.
        how: String,
    },
}

/// Map from one instruction operand space to a task operand space.
///
/// The domain is the instruction operand space `(thread, value)` with the thread mode fastest:
/// index `t + threads * v` is value `v` (PTX register element `a_v`, `b_v`, ...) held by thread
/// `t` of the warp (or warpgroup). The codomain is the task operand's coordinates (basis strides).
/// A map need not be injective: a value replicated across threads maps several points to one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OperandMap {
    /// Which instruction operand.
    pub operand: InstrOperand,
    /// `(thread, value) -> task operand coordinate`.
    pub layout: Layout,
}

/// An iTex. One instance computes all of `task` when its operands are bound as `maps` say.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ITex {
    /// The hardware instruction.
    pub instruction: Instruction,
    /// Canonical, derived or transformed.
    pub origin: Origin,
    /// The task one instance computes (e.g. `gemm(m=16, n=8, k=8)` for mma.m16n8k8).
    pub task: Task,
    /// One map per instruction operand (a, b, c, d).
    pub maps: Vec<OperandMap>,
}

impl ITex {
    /// The map for `operand`, if present.
    pub fn map(&self, operand: InstrOperand) -> Option<&Layout> {
        self.maps
            .iter()
            .find(|m| m.operand == operand)
            .map(|m| &m.layout)
    }
}
