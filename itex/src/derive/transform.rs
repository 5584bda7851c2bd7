//! Transformed iTex: a derived iTex re-strided along one task dimension.
//!
//! ## Representation
//!
//! `restride(itex, dim, s)` keeps the instruction, the per-instance iteration extents and the
//! `(thread, value)` domains, and multiplies by `s` every coordinate that task dimension `dim`
//! feeds, in the task's operand maps and in the instruction maps alike. So the transformed
//! iTex's task is a *dilated* task: its iteration point `p` stands for the point `x` of a dense
//! block with `x_dim = s * p_dim + o_dim` (other dims `x_d = p_d + o_d`), where `o` is the
//! instance's *offset*; its operand extents along the scaled coordinates are `s` times larger
//! (they are those of the dense block); and its instruction maps give operand coordinates for
//! the instance at offset 0. The instance at offset `o` reads and writes operand coordinates
//! `map(t, v) + shift(o)` ([`operand_shift`]).
//!
//! The dilation is recorded in the task itself: [`dilation`] reads it back as the common
//! factor of the dimension's strides in the task's operand maps (1 for an untransformed task).
//! `Origin::Transformed { how }` writes the transform in CuTe notation, e.g.
//! `restride n by 2: 8:1 -> 8:2 (instance at offset o covers n = 2*i + o)`.
//!
//! The paper's example: FFMA as `OuterProduct(4, 8)` with `n` re-strided by 2. Instances at
//! `n`-offsets 0 and 1 tile a `4 x 16` block; lane `t` needs `B[2*(t/4)]` and `B[2*(t/4) + 1]`,
//! adjacent in memory, so both instances' `rs2` come from one 64-bit (`float2`) load per lane.

use crate::itex::{ITex, OperandMap, Origin};
use crate::layout::{Layout, Stride};
use crate::task::{Operand, Role, Task};
use crate::tree::Tree;

use super::DeriveError;

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The operand coordinate axes that task dimension `dim` feeds in `op`'s map, checking that no
/// other dimension feeds them.
fn fed_axes(op: &Operand, dim: usize) -> Result<Vec<usize>, DeriveError> {
    let modes = op.map.flat_modes();
    let Some((_, s)) = modes.get(dim) else {
        return Err(DeriveError::BadDim {
            dim,
            rank: modes.len(),
        });
    };
    let axes: Vec<usize> = (0..s.0.len()).filter(|&j| s.coef(j) != 0).collect();
    for (d, (_, other)) in modes.iter().enumerate() {
        if d != dim && axes.iter().any(|&j| other.coef(j) != 0) {
            return Err(DeriveError::Unsupported(format!(
                "operand {:?}: coordinate fed by dims {dim} and {d}; cannot restride",
                op.role
            )));
        }
    }
    Ok(axes)
}

fn scale_axes(s: &Stride, axes: &[usize], k: i64) -> Stride {
    Stride(
        (0..s.0.len())
            .map(|j| {
                if axes.contains(&j) {
                    s.coef(j) * k
                } else {
                    s.coef(j)
                }
            })
            .collect(),
    )
}

fn scale_layout(l: &Layout, axes: &[usize], k: i64) -> Result<Layout, DeriveError> {
    let stride: Tree<Stride> = l.stride().map(&|s: &Stride| scale_axes(s, axes, k));
    Ok(Layout::new(l.shape().clone(), stride)?)
}

/// The same instruction covering the sub-lattice `{0, s, 2s, ...}` of task dimension `dim`
/// (see the module docs for the representation). The result has
/// `Origin::Transformed { rules, how }` with the rules that derived `itex` (empty for a
/// canonical one) and `how` in CuTe notation; transforming a transformed iTex stacks the
/// `how`s with `"; "`.
///
/// # Errors
/// [`DeriveError::BadDim`] if `dim` is not a task dimension, [`DeriveError::BadStride`] if
/// `stride < 1`, [`DeriveError::Unsupported`] if an operand coordinate is fed by `dim` and
/// another dimension (not the case for any MAC task here), [`DeriveError::Layout`] on overflow.
pub fn restride(itex: &ITex, dim: usize, stride: i64) -> Result<ITex, DeriveError> {
    let rank = itex.task.extents.len();
    if dim >= rank {
        return Err(DeriveError::BadDim { dim, rank });
    }
    if stride < 1 {
        return Err(DeriveError::BadStride(stride));
    }
    let mut operands = Vec::with_capacity(itex.task.operands.len());
    let mut axes_of: Vec<(Role, Vec<usize>)> = Vec::new();
    for op in &itex.task.operands {
        let axes = fed_axes(op, dim)?;
        let mut extents = op.extents.clone();
        for &j in &axes {
            if let Some(x) = extents.get_mut(j) {
                *x = x
                    .checked_mul(stride)
                    .ok_or(crate::layout::LayoutError::Overflow("restride"))?;
            }
        }
        let mut modes = op.map.flat_modes();
        modes[dim].1 = modes[dim].1.scale(stride);
        // Keep the map's tree structure: rebuild congruently from the scaled leaves.
        let map = Layout::new(
            op.map.shape().clone(),
            op.map
                .stride()
                .rebuild(&mut modes.into_iter().map(|m| m.1))
                .ok_or_else(|| DeriveError::Internal("restride: rebuild".into()))?,
        )?;
        operands.push(Operand {
            role: op.role,
            extents,
            map,
        });
        axes_of.push((op.role, axes));
    }
    let maps = itex
        .maps
        .iter()
        .map(|m| {
            let axes = axes_of
                .iter()
                .find(|(r, _)| *r == m.operand.role())
                .map(|(_, a)| a.as_slice())
                .unwrap_or(&[]);
            Ok(OperandMap {
                operand: m.operand,
                layout: scale_layout(&m.layout, axes, stride)?,
            })
        })
        .collect::<Result<Vec<_>, DeriveError>>()?;
    let name = itex.task.kind.dim_names().get(dim).copied().unwrap_or("?");
    let e = itex.task.extents[dim];
    let old = dilation(&itex.task, dim);
    let new = old * stride;
    let how = format!(
        "restride {name} by {stride}: {e}:{old} -> {e}:{new} \
         (instance at offset o covers {name} = {new}*i + o, i < {e})"
    );
    let origin = match &itex.origin {
        Origin::Canonical => Origin::Transformed {
            rules: Vec::new(),
            how,
        },
        Origin::Derived(r) => Origin::Transformed {
            rules: r.clone(),
            how,
        },
        Origin::Transformed { rules, how: h } => Origin::Transformed {
            rules: rules.clone(),
            how: format!("{h}; {how}"),
        },
    };
    Ok(ITex {
        instruction: itex.instruction,
        origin,
        task: Task {
            kind: itex.task.kind,
            extents: itex.task.extents.clone(),
            operands,
        },
        maps,
    })
}

/// The dilation of task dimension `dim`: the gcd of the non-zero coefficients of `dim`'s
/// strides in the task's operand maps (1 for a standard task, `s` after `restride(.., dim, s)`;
/// 1 if `dim` is out of range or feeds nothing).
pub fn dilation(task: &Task, dim: usize) -> i64 {
    let g = task
        .operands
        .iter()
        .filter_map(|op| op.map.flat_modes().get(dim).map(|m| m.1.clone()))
        .flat_map(|s| s.0)
        .fold(0, gcd);
    if g == 0 { 1 } else { g }
}

/// The dense-block iteration points that the instance at `offset` (one entry per task
/// dimension; missing entries are 0) covers: `x_d = dilation(d) * p_d + offset_d` for every
/// iteration point `p` of `itex.task`, in `p`'s colex order.
pub fn covered_points(itex: &ITex, offset: &[i64]) -> Vec<Vec<i64>> {
    let ext = &itex.task.extents;
    let dil: Vec<i64> = (0..ext.len()).map(|d| dilation(&itex.task, d)).collect();
    let vol: i64 = ext.iter().product();
    (0..vol)
        .map(|i| {
            let mut rest = i;
            ext.iter()
                .enumerate()
                .map(|(d, &x)| {
                    let p = rest % x;
                    rest /= x;
                    dil[d] * p + offset.get(d).copied().unwrap_or(0)
                })
                .collect()
        })
        .collect()
}

/// How far the instance at `offset` moves operand `role`'s coordinates:
/// `sum_d offset_d * (stride of d in role's task map) / dilation(d)`. The instance at `offset`
/// binds register `(t, v)` of an instruction operand feeding `role` to coordinate
/// `map(t, v) + operand_shift(itex, role, offset)`.
pub fn operand_shift(itex: &ITex, role: Role, offset: &[i64]) -> Vec<i64> {
    let Some(op) = itex.task.operand(role) else {
        return Vec::new();
    };
    let mut out = vec![0i64; op.extents.len()];
    for (d, (_, s)) in op.map.flat_modes().iter().enumerate() {
        let o = offset.get(d).copied().unwrap_or(0);
        let dil = dilation(&itex.task, d);
        for (j, x) in out.iter_mut().enumerate() {
            *x += o * s.coef(j) / dil;
        }
    }
    out
}
