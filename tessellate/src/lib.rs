//! # tessellate — exact-cover tessellation plans
//!
//! Covers a GEMM-family task space exactly with a heterogeneous mix of iTex instances
//! (Mosaic, ASPLOS'25, section 4.2-4.3 and Algorithm 1):
//! - [`problem`] the problem (sizes, element types) and its validation;
//! - [`plan`] plans: grid -> CTA -> warp(group) -> instruction, with explicit boundary pieces;
//! - [`check`] the exact-cover checker, which shares no code with the generator;
//! - [`select`], [`generate`], [`ilp`], [`cost`] Algorithm 1: iTex selection, the hierarchy
//!   candidates, the mix ILP and the instruction counts it prices with `hw-models`;
//! - [`ring`] the stage ring of a lone (one CTA per SM) warpgroup grid;
//! - [`interp`] a CPU interpreter that runs a plan's instances through their iTex maps.

mod block;
pub mod check;
pub mod cost;
mod decode;
pub mod generate;
mod half_rows;
mod hwcost;
pub mod ilp;
pub mod interp;
pub mod plan;
pub mod problem;
pub mod reduce;
pub mod ring;
pub mod select;

pub use check::{Verdict, check_plan};
pub use generate::{GenerateError, Options, Ranking, StopReason, dtype_supported, plans};
pub use plan::{Boundary, Modeled, PlacedItex, Plan, Reduction, Region, Split};
pub use problem::{GemmDType, GemmProblem, ProblemError};
