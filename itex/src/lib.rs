//! # itex — the iTex layer of mosaic
//!
//! Pure integer math, no solver, GPU or PTX dependency:
//! - [`tree`] nested integer tuples with colexicographic order (first mode fastest);
//! - [`layout`] CuTe-style layouts `shape:stride` with basis-vector strides;
//! - [`algebra`] composition, coalesce, complement, logical divide, inverses;
//! - [`qaffine`] general quasi-affine maps (`+`, `*c`, `floor-div c`, `mod c`);
//! - [`task`] tasks (FMA, OuterProduct, GEMM, GEMV, BMM, attention sub-tasks);
//! - [`instr`] the hardware instructions; [`itex`] the iTex type;
//! - [`canonical`] canonical iTex per instruction, from the PTX ISA fragment tables;
//! - [`mod@derive`] derived iTex by egg rewrites, and transformed iTex.

pub mod algebra;
pub mod canonical;
pub mod derive;
pub mod instr;
pub mod itex;
pub mod layout;
pub mod qaffine;
pub mod task;
pub mod tree;

pub use instr::{DType, Instruction, Unit};
pub use itex::{ITex, InstrOperand, OperandMap, Origin};
pub use layout::{Layout, LayoutError, Stride};
pub use task::{Operand, Role, Task, TaskKind};
pub use tree::{Shape, Tree};
