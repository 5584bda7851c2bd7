//! Derived and transformed iTex (paper §4.1).
//!
//! A *derived* iTex is the canonical iTex of an instruction re-read as computing another task.
//! Derivation rules are egg rewrites over task shapes ([`rules`]): `FMA(q) -> OuterProduct(m, n)`
//! for every `m * n = q` (with `q = m_i + m * n_i`), `OuterProduct(m, n) -> GEMM(m, n, 1)`,
//! `GEMM(m, 1, k) -> GEMV(m, k)`, and identity. [`derive()`] saturates the e-graph from the
//! base iTex's task shape, reads back the rule path to every shape of the requested kind from
//! egg's explanations, and pushes the instruction maps through each step
//! ([`maps::push_through`]): instruction operand `(thread, value)` -> source task operand ->
//! (any source task point, derivation map) -> derived task point -> derived task operand.
//!
//! Example: FFMA as `OuterProduct(4, 8)`: `rs1` (a) of lane `t` is `A[t mod 4]`
//! (`((4,8),1):((E0,0),0)`), `rs2` (b) is `B[t / 4]` (`((4,8),1):((0,E0),0)`, each `B` value
//! replicated in 4 lanes), `rd` is `C[t mod 4, t / 4]` (`((4,8),1):((E0,E1),0)`).
//! (Layouts whose strides touch only `E0` print as integers: `((4,8),1):((1,0),0)`.)
//!
//! ```
//! use itex::derive::{derive_instr, restride};
//! use itex::{InstrOperand, Instruction, TaskKind};
//!
//! let outs = derive_instr(Instruction::Ffma, TaskKind::OuterProduct).unwrap();
//! assert_eq!(outs.len(), 6); // 1x32, 2x16, 4x8, 8x4, 16x2, 32x1
//! let op = &outs[2];
//! assert_eq!(op.task.extents, vec![4, 8]);
//! // rs2 of lane 13 holds B[13 / 4]: each B value is replicated in 4 lanes.
//! assert_eq!(op.map(InstrOperand::B).unwrap().eval(13), vec![3]);
//! // Re-stride n by 2: lane 13 now reads B[6] (offset 0) and B[7] (offset 1).
//! let tr = restride(op, 1, 2).unwrap();
//! assert_eq!(tr.map(InstrOperand::B).unwrap().eval(13), vec![6]);
//! ```
//!
//! Not derived: the transposition `GEMM(m, n, k) -> GEMM(n, m, k)` (`C^T = B^T A^T`). It would
//! make instruction operand `b` feed task operand A, but an [`OperandMap`]'s task operand is
//! fixed by [`InstrOperand::role`](crate::itex::InstrOperand::role); it needs an explicit role
//! in `OperandMap` first. So `mma`/`wgmma` (n = 8 or more) derive only their canonical GEMM,
//! and reach no GEMV (that needs `n == 1`).
//!
//! A *transformed* iTex ([`transform`]) re-strides one task dimension of a derived iTex.

pub mod maps;
pub mod rules;
pub mod transform;

pub use rules::{
    DeriveLimits, DeriveStop, FMA_TO_OUTER, GEMM_TO_GEMV, IDENTITY, OUTER_TO_GEMM, Reachable, Step,
    TaskShape, derivations,
};
pub use transform::{covered_points, dilation, operand_shift, restride};

use crate::canonical::canonical;
use crate::instr::Instruction;
use crate::itex::{ITex, OperandMap, Origin};
use crate::layout::LayoutError;
use crate::task::TaskKind;

/// Errors of derivation and transformation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeriveError {
    /// The instruction has no canonical iTex (`ex2`).
    #[error("instruction {0} has no canonical iTex")]
    NoCanonical(Instruction),
    /// A layout could not be built or composed.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// The task or transform is outside what the rules handle.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A task dimension index out of range.
    #[error("task dimension {dim} out of range (rank {rank})")]
    BadDim {
        /// The dimension asked for.
        dim: usize,
        /// The task's rank.
        rank: usize,
    },
    /// A restride factor below 1.
    #[error("stride {0} is not positive")]
    BadStride(i64),
    /// An internal consistency check failed (a bug).
    #[error("internal: {0}")]
    Internal(String),
}

/// The result of a derivation search: the derived iTex and why the search stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Derivation {
    /// Derived iTex of the requested kind, sorted by task extents.
    pub itexes: Vec<ITex>,
    /// Why the rewrite search stopped ([`DeriveStop::Saturated`]: the list is complete).
    pub stop: DeriveStop,
}

fn prior_rules(origin: &Origin) -> Vec<String> {
    match origin {
        Origin::Canonical => Vec::new(),
        Origin::Derived(r) | Origin::Transformed { rules: r, .. } => r.clone(),
    }
}

fn identity(base: &ITex) -> ITex {
    let mut out = base.clone();
    out.origin = match &base.origin {
        Origin::Transformed { rules, how } => Origin::Transformed {
            rules: rules
                .iter()
                .cloned()
                .chain([IDENTITY.to_string()])
                .collect(),
            how: how.clone(),
        },
        o => Origin::Derived(
            prior_rules(o)
                .into_iter()
                .chain([IDENTITY.to_string()])
                .collect(),
        ),
    };
    out
}

/// Every derived iTex of `base` whose task kind is `kind`, with explicit search limits.
///
/// The identity derivation gives `base` itself (origin rules `[.., "identity"]`) when
/// `base.task.kind == kind`. Other results carry `Origin::Derived(rules)`: `base`'s own rules
/// followed by the rule names of the path, in order. Results are sorted by task extents.
/// Non-identity derivations need `base`'s task to be the standard task of its shape (as built
/// by [`Task::fma`](crate::task::Task::fma) and friends), so derive before transforming.
///
/// # Errors
/// [`DeriveError::Unsupported`] when a non-identity derivation is asked of a non-standard
/// (e.g. transformed) task; [`DeriveError::Internal`] if a map composition check fails.
pub fn derive_with(
    base: &ITex,
    kind: TaskKind,
    limits: DeriveLimits,
) -> Result<Derivation, DeriveError> {
    let start = TaskShape {
        kind: base.task.kind,
        extents: base.task.extents.clone(),
    };
    let standard = TaskShape::expressible(start.kind)
        && maps::standard_task(&start).is_ok_and(|t| t == base.task);
    if !standard {
        if kind == base.task.kind {
            return Ok(Derivation {
                itexes: vec![identity(base)],
                stop: DeriveStop::Saturated,
            });
        }
        if !TaskShape::expressible(start.kind) {
            return Ok(Derivation {
                itexes: Vec::new(),
                stop: DeriveStop::Saturated,
            });
        }
        return Err(DeriveError::Unsupported(format!(
            "{} has non-standard operand maps (transformed?); derive before transforming",
            base.task
        )));
    }
    let (found, stop) = derivations(&start, limits)?;
    let mut itexes = Vec::new();
    for rules::Reachable { shape, path } in found {
        if shape.kind != kind {
            continue;
        }
        if path.is_empty() {
            itexes.push(identity(base));
            continue;
        }
        itexes.push(apply_path(base, &path)?);
    }
    Ok(Derivation { itexes, stop })
}

/// Pushes `base`'s maps through every step of `path`.
fn apply_path(base: &ITex, path: &[Step]) -> Result<ITex, DeriveError> {
    let mut task = base.task.clone();
    let mut maps = base.maps.clone();
    for step in path {
        let next = maps::standard_task(&step.to)?;
        maps = maps
            .iter()
            .map(|m| {
                let role = m.operand.role();
                let src = task.operand(role).ok_or_else(|| {
                    DeriveError::Internal(format!("{} has no operand {role:?}", task))
                })?;
                let t = maps::operand_translation(step, role)?;
                Ok(OperandMap {
                    operand: m.operand,
                    layout: maps::push_through(&t, &m.layout, &src.extents)?,
                })
            })
            .collect::<Result<Vec<_>, DeriveError>>()?;
        task = next;
    }
    let rules = prior_rules(&base.origin)
        .into_iter()
        .chain(path.iter().map(|s| s.rule.to_string()))
        .collect();
    Ok(ITex {
        instruction: base.instruction,
        origin: Origin::Derived(rules),
        task,
        maps,
    })
}

/// Every derived iTex of `base` whose task kind is `kind` ([`derive_with`] with
/// [`DeriveLimits::default`], ample for instruction-sized tasks; [`derive_with`] also reports
/// why the search stopped).
///
/// # Errors
/// As [`derive_with`].
pub fn derive(base: &ITex, kind: TaskKind) -> Result<Vec<ITex>, DeriveError> {
    Ok(derive_with(base, kind, DeriveLimits::default())?.itexes)
}

/// [`derive()`] from the canonical iTex of `instr`.
///
/// # Errors
/// [`DeriveError::NoCanonical`] when `instr` has none (`ex2`); otherwise as [`derive_with`].
pub fn derive_instr(instr: Instruction, kind: TaskKind) -> Result<Vec<ITex>, DeriveError> {
    let base = canonical(instr).ok_or(DeriveError::NoCanonical(instr))?;
    derive(&base, kind)
}
