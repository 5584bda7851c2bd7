//! Operand maps along a derivation: per-rule operand translations and their composition
//! with the instruction's maps.
//!
//! For one rule step `src -> dst` and one task operand `X`, the *operand translation*
//! `T_X` maps a point of `src`'s operand space `X` (as a colex index over its extents) to the
//! coordinate of `dst`'s operand `X`. It is the paper's chain collapsed:
//! `src operand -> (any) src task point -> derivation map -> dst task point -> dst operand`.
//! The chain is well defined exactly when every src task point hitting one operand element
//! lands on one dst operand element; [`point_map`] gives the derivation map on task points and
//! the unit tests check that `T_X` agrees with it on every point.
//!
//! The derived instruction map is `T_X ∘ L_X`, where `L_X` is the previous instruction map made
//! integral (operand coordinate -> colex index). Composition is [`algebra::compose`] (CuTe's, `b`
//! integral); the result is coalesced mode by mode (thread mode, value mode) with
//! [`algebra::coalesce`], and checked point by point against the uncomposed chain.

use crate::algebra;
use crate::layout::{Layout, Stride};
use crate::task::{Role, Task, TaskKind};
use crate::tree::Tree;

use super::DeriveError;
use super::rules::{FMA_TO_OUTER, GEMM_TO_GEMV, OUTER_TO_GEMM, Step, TaskShape};

fn e(j: usize) -> Stride {
    Stride::basis(j, 1)
}

fn z() -> Stride {
    Stride::default()
}

/// The standard task of a shape (`Task::fma`, `outer`, `gemm`, `gemv`).
///
/// # Errors
/// [`DeriveError::Unsupported`] outside the term language, [`DeriveError::Layout`] for a
/// non-positive extent.
pub fn standard_task(shape: &TaskShape) -> Result<Task, DeriveError> {
    let x = &shape.extents;
    let arity_ok = x.len() == shape.kind.dim_names().len();
    Ok(match shape.kind {
        TaskKind::Fma if arity_ok => Task::fma(x[0])?,
        TaskKind::OuterProduct if arity_ok => Task::outer(x[0], x[1])?,
        TaskKind::Gemm if arity_ok => Task::gemm(x[0], x[1], x[2])?,
        TaskKind::Gemv if arity_ok => Task::gemv(x[0], x[1])?,
        _ => {
            return Err(DeriveError::Unsupported(format!(
                "no standard task for {shape}"
            )));
        }
    })
}

/// The derivation map of one step on task points: `src` iteration point (colex index) ->
/// `dst` iteration coordinate. `fma->outer`: `q -> (q mod m, q / m)`; `outer->gemm`:
/// `(m, n) -> (m, n, 0)`; `gemm->gemv`: `(m, 0, k) -> (m, k)`.
///
/// # Errors
/// [`DeriveError::Internal`] for an unknown rule.
pub fn point_map(step: &Step) -> Result<Layout, DeriveError> {
    let s = &step.from.extents;
    let modes: Vec<(i64, Stride)> = match step.rule {
        FMA_TO_OUTER => {
            let m = step.to.extents[0];
            vec![(m, e(0)), (s[0] / m, e(1))]
        }
        OUTER_TO_GEMM => vec![(s[0], e(0)), (s[1], e(1))],
        GEMM_TO_GEMV => vec![(s[0], e(0)), (s[1], z()), (s[2], e(1))],
        other => return Err(DeriveError::Internal(format!("unknown rule {other}"))),
    };
    Ok(Layout::flat_strides(&modes)?)
}

/// The operand translation `T_X` of one step for task operand `role`: `src` operand space
/// (colex over its extents) -> `dst` operand coordinate.
///
/// # Errors
/// [`DeriveError::Internal`] for an unknown rule.
pub fn operand_translation(step: &Step, role: Role) -> Result<Layout, DeriveError> {
    let s = &step.from.extents;
    let modes: Vec<(i64, Stride)> = match (step.rule, role) {
        // FMA operands are all indexed by q; q = m_i + m * n_i.
        (FMA_TO_OUTER, _) => {
            let m = step.to.extents[0];
            let n = s[0] / m;
            match role {
                Role::A => vec![(m, e(0)), (n, z())],
                Role::B => vec![(m, z()), (n, e(0))],
                Role::C => vec![(m, e(0)), (n, e(1))],
            }
        }
        // A[m] -> A[m, 0]; B[n] -> B[0, n] (GEMM B is (K, N)); C[m, n] -> C[m, n].
        (OUTER_TO_GEMM, Role::A) => vec![(s[0], e(0))],
        (OUTER_TO_GEMM, Role::B) => vec![(s[1], e(1))],
        (OUTER_TO_GEMM, Role::C) => vec![(s[0], e(0)), (s[1], e(1))],
        // A[m, k] -> A[m, k]; B[k, 0] -> x[k]; C[m, 0] -> y[m].
        (GEMM_TO_GEMV, Role::A) => vec![(s[0], e(0)), (s[2], e(1))],
        (GEMM_TO_GEMV, Role::B) => vec![(s[2], e(0)), (s[1], z())],
        (GEMM_TO_GEMV, Role::C) => vec![(s[0], e(0)), (s[1], z())],
        (other, _) => return Err(DeriveError::Internal(format!("unknown rule {other}"))),
    };
    Ok(Layout::flat_strides(&modes)?)
}

/// Colex index of an operand coordinate over `extents`.
pub(crate) fn colex(coord: &[i64], extents: &[i64]) -> i64 {
    let mut idx = 0;
    let mut scale = 1;
    for (j, &x) in extents.iter().enumerate() {
        idx += coord.get(j).copied().unwrap_or(0) * scale;
        scale *= x;
    }
    idx
}

/// `layout` with every basis stride replaced by its colex offset over `extents`.
fn to_integral(layout: &Layout, extents: &[i64]) -> Result<Layout, DeriveError> {
    let mut scales = Vec::with_capacity(extents.len());
    let mut s = 1i64;
    for &x in extents {
        scales.push(s);
        s *= x;
    }
    let stride = layout.stride().map(&|st: &Stride| {
        let c: i64 = (0..st.0.len())
            .map(|j| st.coef(j) * scales.get(j).copied().unwrap_or(0))
            .sum();
        Stride::int(c)
    });
    Ok(Layout::new(layout.shape().clone(), stride)?)
}

fn modes_to_trees(modes: Vec<(i64, Stride)>) -> (Tree<i64>, Tree<Stride>) {
    if modes.len() == 1 {
        let (x, s) = modes.into_iter().next().expect("one mode");
        (Tree::Leaf(x), Tree::Leaf(s))
    } else {
        let (x, s): (Vec<_>, Vec<_>) = modes
            .into_iter()
            .map(|(x, s)| (Tree::Leaf(x), Tree::Leaf(s)))
            .unzip();
        (Tree::Node(x), Tree::Node(s))
    }
}

/// Simplifies a layout: a leaf-shaped `original` domain is coalesced as a whole; otherwise
/// the top-level modes (the `(thread, value)` pair) are kept and each is coalesced.
pub(crate) fn simplify(layout: &Layout, keep_top: bool) -> Result<Layout, DeriveError> {
    let flat = |l: &Layout| algebra::coalesce(l).flat_modes();
    let (shape, stride) = if keep_top && matches!(layout.shape(), Tree::Node(_)) {
        let mut shapes = Vec::new();
        let mut strides = Vec::new();
        for i in 0..layout.rank() {
            let m = layout
                .mode(i)
                .ok_or_else(|| DeriveError::Internal("simplify: missing mode".into()))?;
            let (a, b) = modes_to_trees(flat(&m));
            shapes.push(a);
            strides.push(b);
        }
        (Tree::Node(shapes), Tree::Node(strides))
    } else {
        modes_to_trees(flat(layout))
    };
    Ok(Layout::new(shape, stride)?)
}

fn same_coord(a: &[i64], b: &[i64]) -> bool {
    let n = a.len().max(b.len());
    (0..n).all(|i| a.get(i).copied().unwrap_or(0) == b.get(i).copied().unwrap_or(0))
}

/// `simplify(T ∘ integral(L))`: the instruction map `l` (onto an operand with `extents`) pushed
/// through the operand translation `t`. Checked point by point against `t(colex(l(i)))`.
///
/// # Errors
/// [`DeriveError::Internal`] if the composition is not admissible or the check fails.
pub fn push_through(t: &Layout, l: &Layout, extents: &[i64]) -> Result<Layout, DeriveError> {
    let b = to_integral(l, extents)?;
    let keep_top = matches!(b.shape(), Tree::Node(_));
    let composed = simplify(&algebra::compose(t, &b)?, keep_top)?;
    if composed.size() != l.size() {
        return Err(DeriveError::Internal(format!(
            "compose changed the domain size: {l} -> {composed}"
        )));
    }
    for i in 0..l.size() {
        let want = t.eval(colex(&l.eval(i), extents));
        let got = composed.eval(i);
        if !same_coord(&want, &got) {
            return Err(DeriveError::Internal(format!(
                "compose check failed at {i}: {t} o {l} gave {got:?}, want {want:?}"
            )));
        }
    }
    Ok(composed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::derive::rules::{DeriveLimits, derivations};

    /// `T_X` agrees with the derivation map on every source task point:
    /// `T_X(colex(src_X(p))) = dst_X(D(p))`.
    #[test]
    fn translations_agree_with_point_maps() {
        for start in [
            TaskShape {
                kind: TaskKind::Fma,
                extents: vec![12],
            },
            TaskShape {
                kind: TaskKind::Fma,
                extents: vec![32],
            },
        ] {
            let (found, _) = derivations(&start, DeriveLimits::default()).unwrap();
            for r in found {
                for step in r.path {
                    let src = standard_task(&step.from).unwrap();
                    let dst = standard_task(&step.to).unwrap();
                    let d = point_map(&step).unwrap();
                    for role in [Role::A, Role::B, Role::C] {
                        let t = operand_translation(&step, role).unwrap();
                        let so = src.operand(role).unwrap();
                        let dop = dst.operand(role).unwrap();
                        for p in 0..src.volume() {
                            let sc = so.map.eval(p);
                            let q = colex(&d.eval(p), &dst.extents);
                            let want = dop.map.eval(q);
                            let got = t.eval(colex(&sc, &so.extents));
                            assert!(same_coord(&want, &got), "{step:?} {role:?} p={p}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn ffma_to_outer_4x8() {
        let step = Step {
            rule: FMA_TO_OUTER,
            from: TaskShape {
                kind: TaskKind::Fma,
                extents: vec![32],
            },
            to: TaskShape {
                kind: TaskKind::OuterProduct,
                extents: vec![4, 8],
            },
        };
        let lane = Layout::flat_strides(&[(32, e(0)), (1, z())]).unwrap();
        let b = push_through(&operand_translation(&step, Role::B).unwrap(), &lane, &[32]).unwrap();
        assert_eq!(b.to_string(), "((4,8),1):((0,1),0)");
        let c = push_through(&operand_translation(&step, Role::C).unwrap(), &lane, &[32]).unwrap();
        assert_eq!(c.to_string(), "((4,8),1):((E0,E1),0)");
    }

    #[test]
    fn compose_splits_modes() {
        // q = 2t + v over (32, 2); m = q mod 4 -> ((2,16),2):((2E0,0),E0).
        let t = Layout::flat_strides(&[(4, e(0)), (16, z())]).unwrap();
        let l = Layout::flat(&[(32, 2), (2, 1)]).unwrap();
        let r = push_through(&t, &l, &[64]).unwrap();
        assert_eq!(r.to_string(), "((2,16),2):((2,0),1)");
    }
}
