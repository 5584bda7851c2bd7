//! Adapter from [`Counts`] to hw-models' per-SMSP [`Mix`], its bounds and its prediction.

use hw_models::{Mix, Op, Resource, Target};
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
    let Ok(bs) = target.constraints(m.counts.keys()) else {
        return Vec::new();
    };
    let mut out: Vec<f64> = bs.iter().map(|b| b.eval(&m)).collect();
    let busy = bs
        .iter()
        .zip(&out)
        .find_map(|(b, &v)| (b.name == Resource::Tensor.name()).then_some(v));
    out.extend(latency_bound(target, c, tensor));
    out.extend(busy.and_then(|t| serial_vector_bound(target, t, c, tensor, warps_per_smsp)));
    out
}

/// The tensor pipe's busy time `busy` (cycles per SMSP) plus a warpgroup plan's FFMA-column
/// instructions at [`Target::wgmma_vector_cycles`] each; `None` for other plans, or where not
/// measured.
fn serial_vector_bound(
    target: &Target,
    busy: f64,
    c: &Counts,
    tensor: Option<Instruction>,
    warps_per_smsp: f64,
) -> Option<f64> {
    let cycles = target.wgmma_vector_cycles()?;
    let columns = (c.vector + c.lds128 + c.cvt) * warps_per_smsp;
    if !matches!(tensor, Some(Instruction::Wgmma { .. })) || columns == 0.0 {
        return None;
    }
    Some(busy + cycles * columns)
}

/// Instructions one warp issues in a k-step (the mix of [`mix`] before scaling by warps) that
/// wait on each other: all of them, except in a warpgroup plan its FFMA columns' loads and
/// FMAs ([`Counts::vector`], [`Counts::lds128`], [`Counts::cvt`]), which the serial bound
/// prices instead ([`Target::wgmma_vector_cycles`], fitted on such kernels; charged at the
/// interval, they were modeled 2-6x slower than measured, docs/BENCHMARKS.md run 14).
fn per_warp_instructions(c: &Counts, tensor: Option<Instruction>) -> f64 {
    let vector = c.vector + c.lds128 + c.cvt;
    let rest = c.tensor + c.ldmatrix + c.cp_async + c.sync + c.int_alu;
    if matches!(tensor, Some(Instruction::Wgmma { .. })) {
        rest
    } else {
        rest + vector
    }
}

/// How much longer than [`Target::warp_issue_interval`] per instruction a warp-level
/// (mma.sync / FFMA) plan's k-step takes where its dependent chain binds: 1.47, from seven
/// one-wave tf32 grids of one CTA per SM on an H100 whose plans the model had bound by
/// latency (64x64x32 CTAs of 16 warps at M = 16 and 128, N = 4096-6144, K = 4096-14336;
/// docs/BENCHMARKS.md runs 48-a and 48-b). They ran 1.51-1.55 times their modeled time at
/// the model's 1830 MHz (1.47 came from converting at 1755 MHz; kept as timed in run 48-c),
/// while the same runs' warp-level plans bound by the load pipe ran 1.00-1.06 times theirs.
/// Warpgroup plans keep the interval as measured (their wgmma chain is short).
const WARP_LATENCY_SCALE: f64 = 1.47;

/// The latency bound: one warp's dependent instructions, each
/// [`Target::warp_issue_interval`] cycles after the previous one (times
/// [`WARP_LATENCY_SCALE`] for warp-level plans); the warps of an SMSP run side by side, so
/// it does not scale with their number. Measured on sm_90a only.
fn latency_bound(target: &Target, c: &Counts, tensor: Option<Instruction>) -> Option<f64> {
    let scale = if matches!(tensor, Some(Instruction::Wgmma { .. })) {
        1.0
    } else {
        WARP_LATENCY_SCALE
    };
    Some(scale * target.warp_issue_interval()? * per_warp_instructions(c, tensor))
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
    let busy = p.per_bound.get(Resource::Tensor.name()).copied();
    let extra = [
        (latency_bound(target, c, tensor), "latency"),
        (
            busy.and_then(|t| serial_vector_bound(target, t, c, tensor, warps_per_smsp)),
            "tensor+ffma-columns",
        ),
    ];
    let (cycles, bound) = extra
        .into_iter()
        .filter_map(|(x, name)| Some((x?, name.to_string())))
        .fold(
            (p.cycles, p.bound),
            |best, x| if x.0 > best.0 { x } else { best },
        );
    Some((cycles, bound))
}
