//! The per-SMSP cost model: op costs, mixed tessellations on sm_89 and sm_90a, and the
//! agreement of `predict` with `constraints`.

use hw_models::{Mix, Op, Resource, Target, archs, gpus, target};
use itex::{DType, Instruction};
use proptest::prelude::*;

fn ffma() -> Op {
    Op::Arith(Instruction::Ffma)
}

/// FFMA outer-product micro-kernel, per warp and k-step: each thread owns an 8x8 C tile,
/// loads 8 A + 8 B values (f32: 2 + 2 LDS.128) and issues 64 FFMA. `steps` k-steps.
fn ffma_f32_side(steps: f64) -> Mix {
    Mix::new()
        .with(ffma(), 64.0 * steps)
        .with(Op::Lds { bytes: 16 }, 4.0 * steps)
}

/// The same micro-kernel with f16 operands in shared memory: 8 + 8 halves are 1 + 1
/// LDS.128, and each of the 16 values needs a cvt.f32.f16 before FFMA.
fn ffma_f16_side(steps: f64) -> Mix {
    Mix::new()
        .with(ffma(), 64.0 * steps)
        .with(Op::Lds { bytes: 16 }, 2.0 * steps)
        .with(Op::Cvt, 16.0 * steps)
}

/// mma.sync tf32 m16n8k8 warp tile 64x32 per k8-step: 4 x 4 MMAs; A fragments by
/// ldmatrix.x4 (16x8 tf32 = 512 B) per m-tile, B fragments by ldmatrix.x2 (8x8 tf32 =
/// 256 B) per n-tile. 16 * 1024 = 16384 FMAs per step.
fn mma_tf32_side(steps: f64) -> Mix {
    let mma = Instruction::mma(DType::TF32, DType::F32).unwrap();
    Mix::new()
        .with(Op::Arith(mma), 16.0 * steps)
        .with(Op::Ldmatrix { x: 4 }, 4.0 * steps)
        .with(Op::Ldmatrix { x: 2 }, 4.0 * steps)
}

#[test]
fn op_costs_follow_the_rates() {
    let t = target("sm_89", None).unwrap();
    let mma = Instruction::mma(DType::TF32, DType::F32).unwrap();
    // 1024 FMAs at 128/4 FMA/clk per SMSP.
    let c = t.cost(&Op::Arith(mma)).unwrap();
    assert_eq!((c.issue, c.on(Resource::Tensor)), (1.0, 32.0));
    // FFMA: 32 lanes per SMSP -> 1 cycle.
    assert_eq!(t.cost(&ffma()).unwrap().on(Resource::Vector), 1.0);
    // LDS.128: 512 bytes over 128/4 bytes/clk -> 16 cycles of the SMSP's share.
    assert_eq!(
        t.cost(&Op::Lds { bytes: 16 }).unwrap().on(Resource::Lsu),
        16.0
    );
    assert_eq!(
        t.cost(&Op::Ldmatrix { x: 4 }).unwrap().on(Resource::Lsu),
        16.0
    );
    // ex2: 16/clk/SM -> 8 cycles per warp.
    let ex2 = t.cost(&Op::Arith(Instruction::Ex2)).unwrap();
    assert_eq!(ex2.on(Resource::Mufu), 8.0);
    // A100 FFMA has 16 lanes per SMSP; its integer lanes are separate.
    let a = target("sm_80", None).unwrap();
    assert_eq!(a.cost(&ffma()).unwrap().on(Resource::Vector), 2.0);
    assert_eq!(a.cost(&Op::IntAlu).unwrap().on(Resource::Vector), 0.0);
    assert_eq!(t.cost(&Op::IntAlu).unwrap().on(Resource::Vector), 1.0);
    // wgmma m64n256k16 f16: a quarter of 262144 FMAs at 2048/4 per SMSP = 128 cycles.
    let h = target("sm_90a", None).unwrap();
    let wg = Instruction::wgmma(256, DType::F16, DType::F32).unwrap();
    assert_eq!(h.cost(&Op::Arith(wg)).unwrap().on(Resource::Tensor), 128.0);
    // Absent instructions have no cost.
    assert!(t.cost(&Op::Arith(wg)).is_none());
    assert!(t.cost(&Op::Ldmatrix { x: 3 }).is_none());
    assert!(t.predict(&Mix::new().with(Op::Arith(wg), 1.0)).is_err());
}

fn rate(t: &Target, mix: &Mix) -> f64 {
    t.predict(mix).unwrap().fmas_per_clk()
}

#[test]
fn sm89_tf32_half_and_half_beats_both_pure_mixes() {
    let t = target("sm_89", Some("rtx4090")).unwrap();
    // 32768 FMAs per SMSP in each mix.
    let pure_tc = mma_tf32_side(2.0);
    let pure_v = ffma_f32_side(16.0);
    let half = mma_tf32_side(1.0).plus(&ffma_f32_side(8.0));
    for m in [&pure_tc, &pure_v, &half] {
        assert_eq!(m.fmas(), 32768.0);
    }
    let (r_tc, r_v, r_half) = (rate(&t, &pure_tc), rate(&t, &pure_v), rate(&t, &half));
    assert!(r_half > r_tc && r_half > r_v, "{r_half} vs {r_tc}, {r_v}");
    // Pure tensor sits on the tensor pipe, at the datasheet rate (32 FMA/clk/SMSP).
    assert_eq!(t.predict(&pure_tc).unwrap().bound, "tensor");
    assert_eq!(r_tc, 32.0);
    // Whole-GPU throughput of the mixed tile exceeds the 82.6 TFLOP/s of either unit.
    let p = t.predict(&half).unwrap();
    assert!(p.tflops() > 82.6, "{}", p.tflops());
    // The same on the L20.
    let l20 = target("sm_89", Some("l20")).unwrap();
    assert!(rate(&l20, &half) > rate(&l20, &pure_tc).max(rate(&l20, &pure_v)));
}

#[test]
fn sm90a_f16_pure_wgmma_beats_every_ffma_share() {
    let t = target("sm_90a", None).unwrap();
    let wg = Op::Arith(Instruction::wgmma(256, DType::F16, DType::F32).unwrap());
    let per_wg = 262144.0 / 4.0; // FMAs per SMSP per wgmma
    let w = 100.0 * per_wg;
    let pure = Mix::new().with(wg, 100.0);
    let r_pure = rate(&t, &pure);
    for pct in 1..=50 {
        let s = f64::from(pct) / 100.0;
        let mix = Mix::new()
            .with(wg, (1.0 - s) * w / per_wg)
            .plus(&ffma_f16_side(s * w / 2048.0));
        assert!((mix.fmas() - w).abs() < 1e-6 * w);
        let r = rate(&t, &mix);
        assert!(r <= r_pure, "share {pct}%: {r} > pure {r_pure}");
    }
}

fn all_targets() -> Vec<Target> {
    archs()
        .iter()
        .flat_map(|a| {
            gpus(a)
                .unwrap()
                .into_iter()
                .map(|g| target(a, Some(g)).unwrap())
        })
        .collect()
}

fn candidate_ops(t: &Target) -> Vec<Op> {
    let mut ops = vec![
        ffma(),
        Op::Arith(Instruction::Hfma2),
        Op::Arith(Instruction::Ex2),
        Op::Lds { bytes: 4 },
        Op::Lds { bytes: 16 },
        Op::Ldmatrix { x: 4 },
        Op::CpAsync { bytes: 16 },
        Op::Ldg { bytes: 16 },
        Op::Cvt,
        Op::Shfl,
        Op::Bar,
        Op::IntAlu,
    ];
    for (ab, acc) in [
        (DType::F16, DType::F32),
        (DType::TF32, DType::F32),
        (DType::S8, DType::S32),
    ] {
        ops.push(Op::Arith(Instruction::mma(ab, acc).unwrap()));
    }
    if t.features.has_wgmma {
        ops.push(Op::Arith(
            Instruction::wgmma(128, DType::F16, DType::F32).unwrap(),
        ));
        ops.push(Op::Arith(
            Instruction::wgmma(64, DType::TF32, DType::F32).unwrap(),
        ));
    }
    ops
}

/// Independent evaluation of the model from `cost` alone (not through `constraints`).
fn by_hand(t: &Target, mix: &Mix) -> f64 {
    let all = [
        Resource::Issue,
        Resource::Vector,
        Resource::Alu,
        Resource::Tensor,
        Resource::Mufu,
        Resource::Lsu,
    ];
    let mut tot: std::collections::BTreeMap<Resource, f64> =
        all.iter().map(|r| (*r, 0.0)).collect();
    for (op, n) in &mix.counts {
        let c = t.cost(op).unwrap();
        for r in all {
            *tot.entry(r).or_default() += n * c.on(r);
        }
    }
    let a = t.coissue_alpha();
    let (tt, vv) = (tot[&Resource::Tensor], tot[&Resource::Vector]);
    tot.values()
        .copied()
        .chain([tt + a * vv, vv + a * tt])
        .fold(0.0, f64::max)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn predict_is_the_max_over_constraints(
        ti in 0usize..10,
        picks in proptest::collection::vec((0usize..20, 0.0f64..500.0), 0..8),
    ) {
        let targets = all_targets();
        let t = &targets[ti % targets.len()];
        let ops = candidate_ops(t);
        let mut mix = Mix::new();
        for (i, n) in picks {
            mix.add(ops[i % ops.len()], n);
        }
        let p = t.predict(&mix).unwrap();
        let bounds = t.constraints(mix.counts.keys()).unwrap();
        let max = bounds.iter().map(|b| b.eval(&mix)).fold(0.0, f64::max);
        prop_assert_eq!(p.cycles, max);
        prop_assert_eq!(p.per_bound.len(), bounds.len());
        prop_assert_eq!(p.per_bound[&p.bound], p.cycles);
        let hand = by_hand(t, &mix);
        prop_assert!((hand - p.cycles).abs() <= 1e-9 * hand.max(1.0));
        // Adding work never makes a mix faster.
        let more = mix.plus(&Mix::new().with(ops[0], 1.0));
        prop_assert!(t.predict(&more).unwrap().cycles >= p.cycles);
    }
}

#[test]
fn constraints_are_ordered_and_reject_unknown_ops() {
    let t = target("sm_89", None).unwrap();
    let names: Vec<String> = t
        .constraints(&[ffma()])
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert_eq!(
        names,
        [
            "issue",
            "vector",
            "alu",
            "tensor",
            "mufu",
            "lsu",
            "tensor+alpha*vector",
            "vector+alpha*tensor"
        ]
    );
    let wg = Op::Arith(Instruction::wgmma(64, DType::F16, DType::F32).unwrap());
    assert!(t.constraints(&[wg]).is_err());
    let bad = Mix::new().with(ffma(), -1.0);
    assert!(t.predict(&bad).is_err());
}
