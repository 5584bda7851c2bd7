//! Adapter from [`Counts`] to hw-models' per-SMSP [`Mix`], its bounds and its prediction.

use hw_models::{Mix, Op, Target};
use itex::Instruction;

use crate::cost::Counts;

/// The per-SMSP mix: per-warp counts times resident warps per SMSP.
pub fn mix(
    c: &Counts,
    tensor: Option<Instruction>,
    vector: Option<Instruction>,
    warps_per_smsp: f64,
) -> Mix {
    let mut m = Mix::new();
    let s = warps_per_smsp;
    if let Some(t) = tensor {
        m.add(Op::Arith(t), c.tensor * s);
    }
    if let Some(v) = vector {
        m.add(Op::Arith(v), c.vector * s);
    }
    m.add(Op::Ldmatrix { x: 4 }, c.ldmatrix * s);
    // A broadcast LDS.128 of the 4x8 lane grid moves one 128-byte wavefront: the model's
    // `Lds { bytes: 4 }` (32 lanes x 4 bytes) costs exactly that, with one issue slot.
    m.add(Op::Lds { bytes: 4 }, c.lds128 * s);
    m.add(Op::Cvt, c.cvt * s);
    if c.cp_async > 0.0 {
        m.add(Op::CpAsync { bytes: 16 }, c.cp_async * s);
    }
    m.add(Op::Bar, c.sync * s);
    m.add(Op::IntAlu, c.int_alu * s);
    m
}

/// Left-hand sides of the model's bounds, in hw-models' fixed order (cycles per SMSP);
/// empty if the target lacks an operation (selection filters instructions by
/// [`Target::supports`], so plans never contain one).
pub fn bounds(
    target: &Target,
    c: &Counts,
    tensor: Option<Instruction>,
    vector: Option<Instruction>,
    warps_per_smsp: f64,
) -> Vec<f64> {
    let m = mix(c, tensor, vector, warps_per_smsp);
    target
        .constraints(m.counts.keys())
        .map(|bs| bs.iter().map(|b| b.eval(&m)).collect())
        .unwrap_or_default()
}

/// Modeled cycles of one k-step on one SMSP and the binding bound's name (`None` if the
/// target lacks an operation).
pub fn predict(
    target: &Target,
    c: &Counts,
    tensor: Option<Instruction>,
    vector: Option<Instruction>,
    warps_per_smsp: f64,
) -> Option<(f64, String)> {
    let p = target
        .predict(&mix(c, tensor, vector, warps_per_smsp))
        .ok()?;
    Some((p.cycles, p.bound))
}
