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
    let mut out: Vec<f64> = target
        .constraints(m.counts.keys())
        .map(|bs| bs.iter().map(|b| b.eval(&m)).collect())
        .unwrap_or_default();
    if let (Some(l), false) = (latency_bound(target, c), out.is_empty()) {
        out.push(l);
    }
    out
}

/// Instructions one warp issues in a k-step (the mix of [`mix`] before scaling by warps).
fn per_warp_instructions(c: &Counts) -> f64 {
    c.tensor + c.vector + c.ldmatrix + c.lds128 + c.cvt + c.cp_async + c.sync + c.int_alu
}

/// The latency bound: one warp's instructions, each [`Target::warp_issue_interval`] cycles
/// after the previous one; the warps of an SMSP run side by side, so it does not scale with
/// their number. Measured on sm_90a only.
fn latency_bound(target: &Target, c: &Counts) -> Option<f64> {
    Some(target.warp_issue_interval()? * per_warp_instructions(c))
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
    match latency_bound(target, c) {
        Some(l) if l > p.cycles => Some((l, "latency".to_string())),
        _ => Some((p.cycles, p.bound)),
    }
}
