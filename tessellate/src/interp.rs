//! A CPU interpreter of a plan's instances. It binds every instance's instruction operands
//! through the placed iTex's operand maps, runs the instruction's hardware semantics, and
//! writes results back through the maps, so it proves the maps and the placement, not just the
//! coverage: a plan whose maps are wrong computes a different product.
//!
//! Hardware semantics: FFMA/HFMA2 lanes are independent (`d = a * b + c` per register);
//! tensor instructions gather their A, B, C tiles from registers through the instruction's
//! **canonical** fragment maps (the PTX ISA layout), compute `D = A B + C`, and scatter D the
//! same way. Values are `f64`; with small integer inputs every product is exact, so the result
//! must equal the reference GEMM bit for bit.

use itex::{ITex, InstrOperand, Unit};

use crate::plan::Plan;

/// Largest `batch*m*n*k` the interpreter accepts.
pub const MAX_POINTS: i64 = 1 << 24;

/// Errors from the interpreter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InterpError {
    /// The problem is too large to interpret.
    #[error("problem has {0} points; the interpreter takes at most {MAX_POINTS}")]
    TooLarge(i64),
    /// An input has the wrong length.
    #[error("operand {0} has {1} elements, expected {2}")]
    BadInput(&'static str, usize, usize),
    /// An iTex lacks a map or its instruction has no canonical semantics.
    #[error("iTex for {0} cannot be interpreted: {1}")]
    BadItex(String, &'static str),
}

/// Dense batched matrices, column-major within a batch (`m` fastest):
/// `A[b][m][k]` at `m + M*(k + K*b)`, `B[b][k][n]` at `k + K*(n + N*b)`,
/// `C[b][m][n]` at `m + M*(n + N*b)`.
pub struct Operands<'a> {
    /// A, `batch x m x k`.
    pub a: &'a [f64],
    /// B, `batch x k x n`.
    pub b: &'a [f64],
}

/// Runs every instance of `plan` on `ops` and returns C (`batch x m x n`, `m` fastest).
///
/// # Errors
/// [`InterpError`] for oversized problems, wrong input lengths, or iTexes without maps.
pub fn run(plan: &Plan, ops: &Operands<'_>) -> Result<Vec<f64>, InterpError> {
    let p = &plan.problem;
    let total = p.batch * p.m * p.n * p.k;
    if total > MAX_POINTS {
        return Err(InterpError::TooLarge(total));
    }
    let (na, nb, nc) = (
        p.batch * p.m * p.k,
        p.batch * p.k * p.n,
        p.batch * p.m * p.n,
    );
    if ops.a.len() != na as usize {
        return Err(InterpError::BadInput("A", ops.a.len(), na as usize));
    }
    if ops.b.len() != nb as usize {
        return Err(InterpError::BadInput("B", ops.b.len(), nb as usize));
    }
    let kernels: Vec<Kernel> = plan
        .regions
        .iter()
        .map(|r| Kernel::new(&r.piece.itex))
        .collect::<Result<_, _>>()?;
    // One accumulator per unit: reduction tessellation keeps partial sums apart until the end.
    let mut acc_tensor = vec![0.0; nc as usize];
    let mut acc_vector = vec![0.0; nc as usize];
    let dims = [p.m, p.n, p.k];
    plan.for_each_instance(|b, ri, origin| {
        let piece = &plan.regions[ri].piece;
        let acc = match piece.unit() {
            Unit::Tensor => &mut acc_tensor,
            _ => &mut acc_vector,
        };
        let place = |local: &[i64], dmap: [usize; 2]| -> Option<[i64; 2]> {
            let g = [0, 1].map(|j| origin[dmap[j]] + local[j]);
            (0..2).all(|j| g[j] < dims[dmap[j]]).then_some(g)
        };
        let k = &kernels[ri];
        let load_a = |l: &[i64]| {
            place(l, [0, 2]).map_or(0.0, |[m, kk]| ops.a[(m + p.m * (kk + p.k * b)) as usize])
        };
        let load_b = |l: &[i64]| {
            place(l, [2, 1]).map_or(0.0, |[kk, n]| ops.b[(kk + p.k * (n + p.n * b)) as usize])
        };
        let ra: Vec<f64> = k.a.iter().map(|l| load_a(l)).collect();
        let rb: Vec<f64> = k.b.iter().map(|l| load_b(l)).collect();
        let c_at = |l: &[i64]| place(l, [0, 1]).map(|[m, n]| (m + p.m * (n + p.n * b)) as usize);
        let rc: Vec<f64> =
            k.c.iter()
                .map(|l| c_at(l).map_or(0.0, |i| acc[i]))
                .collect();
        let rd = k.execute(&ra, &rb, &rc);
        for (l, v) in k.d.iter().zip(rd) {
            if let Some(i) = c_at(l) {
                acc[i] = v;
            }
        }
    });
    Ok(acc_tensor
        .iter()
        .zip(&acc_vector)
        .map(|(t, v)| t + v)
        .collect())
}

/// Reference `C = A B` in `f64`, same layouts as [`run`].
pub fn reference(plan: &Plan, ops: &Operands<'_>) -> Vec<f64> {
    let p = &plan.problem;
    let mut c = vec![0.0; (p.batch * p.m * p.n) as usize];
    for b in 0..p.batch {
        for n in 0..p.n {
            for m in 0..p.m {
                let mut s = 0.0;
                for k in 0..p.k {
                    s += ops.a[(m + p.m * (k + p.k * b)) as usize]
                        * ops.b[(k + p.k * (n + p.n * b)) as usize];
                }
                c[(m + p.m * (n + p.n * b)) as usize] = s;
            }
        }
    }
    c
}

/// Per-register task-operand coordinates: one `(m, n, k)`-style coordinate per register.
type Coords = Vec<Vec<i64>>;

/// One iTex prepared for interpretation: the task-operand coordinate of every register of
/// each instruction operand (index `t + threads * v`), plus the canonical tile coordinates
/// the hardware uses for tensor instructions.
struct Kernel {
    unit: Unit,
    a: Vec<Vec<i64>>,
    b: Vec<Vec<i64>>,
    c: Vec<Vec<i64>>,
    d: Vec<Vec<i64>>,
    /// For tensor instructions: canonical `(a, b, c, d)` coordinates and the tile `(m, n, k)`.
    hw: Option<([Coords; 4], [i64; 3])>,
}

fn table(itex: &ITex, op: InstrOperand) -> Result<Vec<Vec<i64>>, InterpError> {
    let l = itex
        .map(op)
        .ok_or_else(|| InterpError::BadItex(itex.instruction.to_string(), "missing operand map"))?;
    Ok((0..l.size()).map(|i| pad2(l.eval(i))).collect())
}

fn pad2(mut v: Vec<i64>) -> Vec<i64> {
    v.resize(2, 0);
    v
}

impl Kernel {
    fn new(itex: &ITex) -> Result<Self, InterpError> {
        let unit = itex.instruction.unit();
        let hw = if unit == Unit::Tensor {
            let canon = itex::canonical::canonical(itex.instruction).ok_or_else(|| {
                InterpError::BadItex(itex.instruction.to_string(), "no canonical iTex")
            })?;
            let ext = &canon.task.extents;
            Some((
                [
                    table(&canon, InstrOperand::A)?,
                    table(&canon, InstrOperand::B)?,
                    table(&canon, InstrOperand::C)?,
                    table(&canon, InstrOperand::D)?,
                ],
                [ext[0], ext[1], ext[2]],
            ))
        } else {
            None
        };
        Ok(Kernel {
            unit,
            a: table(itex, InstrOperand::A)?,
            b: table(itex, InstrOperand::B)?,
            c: table(itex, InstrOperand::C)?,
            d: table(itex, InstrOperand::D)?,
            hw,
        })
    }

    /// The instruction's semantics on register values.
    fn execute(&self, ra: &[f64], rb: &[f64], rc: &[f64]) -> Vec<f64> {
        match (&self.hw, self.unit) {
            (Some(([ca, cb, cc, cd], [tm, tn, tk])), _) => {
                let (tm, tn, tk) = (*tm as usize, *tn as usize, *tk as usize);
                let mut at = vec![0.0; tm * tk];
                let mut bt = vec![0.0; tk * tn];
                let mut ct = vec![0.0; tm * tn];
                for (crd, v) in ca.iter().zip(ra) {
                    at[crd[0] as usize + tm * crd[1] as usize] = *v;
                }
                for (crd, v) in cb.iter().zip(rb) {
                    bt[crd[0] as usize + tk * crd[1] as usize] = *v;
                }
                for (crd, v) in cc.iter().zip(rc) {
                    ct[crd[0] as usize + tm * crd[1] as usize] = *v;
                }
                cd.iter()
                    .map(|crd| {
                        let (m, n) = (crd[0] as usize, crd[1] as usize);
                        (0..tk)
                            .map(|k| at[m + tm * k] * bt[k + tk * n])
                            .sum::<f64>()
                            + ct[m + tm * n]
                    })
                    .collect()
            }
            _ => ra
                .iter()
                .zip(rb)
                .zip(rc)
                .map(|((a, b), c)| a * b + c)
                .collect(),
        }
    }
}
