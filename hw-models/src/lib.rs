//! # hw-models — GPU targets as data, and a throughput-and-issue cost model
//!
//! - [`target`] / [`archs`] / [`gpus`]: look up a [`Target`] by architecture (`"sm_89"`) and
//!   optionally a part (`"l20"`). Every number is in `data.rs` with its source in a comment;
//!   estimates are marked there and listed in [`Target::estimates`].
//! - [`Op`], [`Mix`], [`Target::cost`], [`Target::constraints`], [`Target::predict`]: the
//!   per-SMSP cost model. The predictor evaluates the same linear bounds an ILP would use.
//!
//! ```
//! use hw_models::{target, Mix, Op};
//! use itex::{DType, Instruction};
//!
//! let t = target("sm_89", Some("RTX4090")).unwrap();
//! assert_eq!(t.sms, 128);
//! let mma = Instruction::mma(DType::TF32, DType::F32).unwrap();
//! // tf32 tensor rate equals the FFMA rate on Ada (82.6 TFLOP/s each).
//! assert!((t.peak_tflops(mma) - t.peak_tflops(Instruction::Ffma)).abs() < 1e-9);
//! let mix = Mix::new().with(Op::Arith(mma), 1.0);
//! let p = t.predict(&mix).unwrap();
//! assert_eq!(p.cycles, 32.0); // 1024 FMAs at 128/4 FMA/clk per SMSP
//! assert_eq!(p.bound, "tensor");
//! ```

mod cost;
mod data;
mod error;
mod target;

pub use cost::{
    LinearBound, Mix, Op, OpCost, Prediction, Resource, TENSOR_ALPHA_VECTOR, VECTOR_ALPHA_TENSOR,
};
pub use error::HwError;
pub use target::{
    DatasheetPeak, Features, PeakKind, RegisterFile, Target, TensorPath, TensorRate, archs, gpus,
    target,
};
