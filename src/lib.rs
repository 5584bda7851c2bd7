//! # mosaic
//!
//! A superoptimizing, instruction-level GPU kernel compiler after the Mosaic paper (ASPLOS'25).
//! This facade re-exports the pipeline's crates; the `mosaic` binary is the CLI.
//!
//! ```
//! use mosaic::tessellate::{GemmDType, GemmProblem, Options, check_plan, plans};
//! let problem = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::TF32).unwrap();
//! let target = mosaic::hw_models::target("sm_89", None).unwrap();
//! let ranking = plans(&problem, &target, &Options::default()).unwrap();
//! assert!(ranking.plans.iter().all(|p| check_plan(p).exact));
//! ```

pub use hw_models;
pub use itex;
pub use tessellate;

pub mod cli;
