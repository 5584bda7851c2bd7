//! Tasks: an iteration space, operand spaces, and quasi-affine maps from the first to the others.
//!
//! Every task here is a multiply-accumulate `C[c(p)] += A[a(p)] * B[b(p)]` over the points `p`
//! of its iteration space (colex, first dimension fastest); the operand maps `a, b, c` are
//! [`Layout`]s with basis strides, so `eval` gives the operand coordinate directly.
//! Attention sub-tasks (S = QK^T, O = PV) are GEMM/BMM-shaped and use [`TaskKind::AttnScore`] /
//! [`TaskKind::AttnValue`]; softmax is a [`TaskKind::Softmax`] elementwise task over S.

use std::fmt;

use crate::layout::{Layout, LayoutError, Stride};

/// The kind of computation.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum TaskKind {
    /// `C[q] += A[q] * B[q]`, dims `(q)`.
    Fma,
    /// `C[m,n] += A[m] * B[n]`, dims `(m, n)`.
    OuterProduct,
    /// `C[m,n] += A[m,k] * B[k,n]`, dims `(m, n, k)`.
    Gemm,
    /// `y[m] += A[m,k] * x[k]`, dims `(m, k)`.
    Gemv,
    /// `C[b,m,n] += A[b,m,k] * B[b,k,n]`, dims `(m, n, k, b)`.
    Bmm,
    /// Attention scores `S[m,n] += Q[m,k] * K[n,k]`, dims `(m, n, k)`.
    AttnScore,
    /// Row softmax `P[m,n] = exp(S[m,n] - max) / sum` (not a multiply-accumulate), dims `(m, n)`.
    Softmax,
    /// Attention output `O[m,n] += P[m,k] * V[k,n]`, dims `(m, n, k)`.
    AttnValue,
}

impl TaskKind {
    /// Names of the iteration dimensions, fastest first.
    pub fn dim_names(self) -> &'static [&'static str] {
        match self {
            TaskKind::Fma => &["q"],
            TaskKind::OuterProduct | TaskKind::Softmax => &["m", "n"],
            TaskKind::Gemm | TaskKind::AttnScore | TaskKind::AttnValue => &["m", "n", "k"],
            TaskKind::Gemv => &["m", "k"],
            TaskKind::Bmm => &["m", "n", "k", "b"],
        }
    }

    /// Lower-case name used in specs and output.
    pub fn name(self) -> &'static str {
        match self {
            TaskKind::Fma => "fma",
            TaskKind::OuterProduct => "outer",
            TaskKind::Gemm => "gemm",
            TaskKind::Gemv => "gemv",
            TaskKind::Bmm => "bmm",
            TaskKind::AttnScore => "attn_score",
            TaskKind::Softmax => "softmax",
            TaskKind::AttnValue => "attn_value",
        }
    }
}

impl fmt::Display for TaskKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which task operand.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Role {
    /// Left multiplicand (A, Q, P).
    A,
    /// Right multiplicand (B, K, V, x).
    B,
    /// Accumulator / output (C, S, O, y).
    C,
}

/// One operand space of a task and the map from the iteration space to it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Operand {
    /// Which operand.
    pub role: Role,
    /// Extents of the operand space, fastest first (A of a GEMM is `(M, K)`).
    pub extents: Vec<i64>,
    /// Iteration space -> operand coordinate (basis strides, `E_j` = operand dim `j`).
    pub map: Layout,
}

/// A task: kind, iteration extents (fastest first, named by [`TaskKind::dim_names`]) and operands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Task {
    /// The computation.
    pub kind: TaskKind,
    /// Iteration extents, one per [`TaskKind::dim_names`] entry.
    pub extents: Vec<i64>,
    /// Operand spaces and maps (A, B, C; C only for softmax).
    pub operands: Vec<Operand>,
}

fn e(j: usize) -> Stride {
    Stride::basis(j, 1)
}

fn z() -> Stride {
    Stride::int(0)
}

impl Task {
    fn build(
        kind: TaskKind,
        extents: &[i64],
        ops: Vec<(Role, Vec<i64>, Vec<Stride>)>,
    ) -> Result<Task, LayoutError> {
        let operands = ops
            .into_iter()
            .map(|(role, ext, strides)| {
                let modes: Vec<(i64, Stride)> = extents.iter().copied().zip(strides).collect();
                Ok(Operand {
                    role,
                    extents: ext,
                    map: Layout::flat_strides(&modes)?,
                })
            })
            .collect::<Result<Vec<_>, LayoutError>>()?;
        Ok(Task {
            kind,
            extents: extents.to_vec(),
            operands,
        })
    }

    /// `FMA(q)`: `C[q] += A[q] * B[q]`.
    ///
    /// # Errors
    /// [`LayoutError::BadExtent`] for a non-positive extent.
    pub fn fma(q: i64) -> Result<Task, LayoutError> {
        Self::build(
            TaskKind::Fma,
            &[q],
            vec![
                (Role::A, vec![q], vec![e(0)]),
                (Role::B, vec![q], vec![e(0)]),
                (Role::C, vec![q], vec![e(0)]),
            ],
        )
    }

    /// `OuterProduct(m, n)`: `C[m,n] += A[m] * B[n]`.
    ///
    /// # Errors
    /// As [`Task::fma`].
    pub fn outer(m: i64, n: i64) -> Result<Task, LayoutError> {
        Self::build(
            TaskKind::OuterProduct,
            &[m, n],
            vec![
                (Role::A, vec![m], vec![e(0), z()]),
                (Role::B, vec![n], vec![z(), e(0)]),
                (Role::C, vec![m, n], vec![e(0), e(1)]),
            ],
        )
    }

    /// `GEMM(m, n, k)`: `C[m,n] += A[m,k] * B[k,n]`; A is `(M, K)`, B is `(K, N)`, C is `(M, N)`.
    ///
    /// # Errors
    /// As [`Task::fma`].
    pub fn gemm(m: i64, n: i64, k: i64) -> Result<Task, LayoutError> {
        Self::gemm_like(TaskKind::Gemm, m, n, k)
    }

    /// GEMM-shaped tasks (GEMM and the two attention products) share operand maps.
    ///
    /// # Errors
    /// As [`Task::fma`]; `kind` must be GEMM-shaped.
    pub fn gemm_like(kind: TaskKind, m: i64, n: i64, k: i64) -> Result<Task, LayoutError> {
        let b = if kind == TaskKind::AttnScore {
            // K is stored (N, K): S = Q K^T.
            (Role::B, vec![n, k], vec![z(), e(0), e(1)])
        } else {
            (Role::B, vec![k, n], vec![z(), e(1), e(0)])
        };
        Self::build(
            kind,
            &[m, n, k],
            vec![
                (Role::A, vec![m, k], vec![e(0), z(), e(1)]),
                b,
                (Role::C, vec![m, n], vec![e(0), e(1), z()]),
            ],
        )
    }

    /// `GEMV(m, k)`: `y[m] += A[m,k] * x[k]`.
    ///
    /// # Errors
    /// As [`Task::fma`].
    pub fn gemv(m: i64, k: i64) -> Result<Task, LayoutError> {
        Self::build(
            TaskKind::Gemv,
            &[m, k],
            vec![
                (Role::A, vec![m, k], vec![e(0), e(1)]),
                (Role::B, vec![k], vec![z(), e(0)]),
                (Role::C, vec![m], vec![e(0), z()]),
            ],
        )
    }

    /// `BMM(m, n, k, b)`: `C[m,n,b] += A[m,k,b] * B[k,n,b]`.
    ///
    /// # Errors
    /// As [`Task::fma`].
    pub fn bmm(m: i64, n: i64, k: i64, batch: i64) -> Result<Task, LayoutError> {
        Self::build(
            TaskKind::Bmm,
            &[m, n, k, batch],
            vec![
                (Role::A, vec![m, k, batch], vec![e(0), z(), e(1), e(2)]),
                (Role::B, vec![k, n, batch], vec![z(), e(1), e(0), e(2)]),
                (Role::C, vec![m, n, batch], vec![e(0), e(1), z(), e(2)]),
            ],
        )
    }

    /// Number of points in the iteration space (multiply-adds for MAC tasks).
    pub fn volume(&self) -> i64 {
        self.extents.iter().product()
    }

    /// The operand with `role`.
    pub fn operand(&self, role: Role) -> Option<&Operand> {
        self.operands.iter().find(|o| o.role == role)
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.kind)?;
        for (i, (n, x)) in self.kind.dim_names().iter().zip(&self.extents).enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{n}={x}")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemm_maps_land_on_operand_coordinates() {
        let t = Task::gemm(4, 3, 5).unwrap();
        // p = (m=1, n=2, k=3) has colex index 1 + 4*2 + 12*3 = 45.
        let p = 45;
        assert_eq!(t.operand(Role::A).unwrap().map.eval(p), vec![1, 3]);
        assert_eq!(t.operand(Role::B).unwrap().map.eval(p), vec![3, 2]);
        assert_eq!(t.operand(Role::C).unwrap().map.eval(p), vec![1, 2]);
        assert_eq!(t.to_string(), "gemm(m=4, n=3, k=5)");
    }
}
