//! sm_90a co-issue calibration against ../shared/ANCHORS.md: FFMA issued by the wgmma warps
//! raised combined throughput by at most ~0.5% (f16) and ~1.4% (tf32) at small FFMA shares,
//! and larger shares lowered it. The microbenchmark's FFMAs worked on registers (no operand
//! loads), so the FFMA side here is bare FFMA.

use hw_models::{Mix, Op, target};
use itex::{DType, Instruction};

/// Throughput gain over pure wgmma when a share `s` of the FMAs goes to FFMA.
fn gain(ab: DType, s: f64) -> f64 {
    let t = target("sm_90a", Some("h200")).unwrap();
    let wg = Instruction::wgmma(256, ab, DType::F32).unwrap();
    let per_wg = wg.fmas() as f64 / 4.0; // per SMSP
    let w = 1000.0 * per_wg;
    let mix = |s: f64| {
        Mix::new()
            .with(Op::Arith(wg), (1.0 - s) * w / per_wg)
            .with(Op::Arith(Instruction::Ffma), s * w / 32.0)
    };
    let pure = t.predict(&mix(0.0)).unwrap();
    let p = t.predict(&mix(s)).unwrap();
    pure.cycles / p.cycles - 1.0
}

fn best_gain(ab: DType) -> (f64, f64) {
    (0..=2000)
        .map(|i| f64::from(i) / 10000.0) // s in 0..=0.2, step 1e-4
        .map(|s| (s, gain(ab, s)))
        .fold((0.0, f64::MIN), |a, b| if b.1 > a.1 { b } else { a })
}

#[test]
fn best_gain_in_small_shares_is_at_most_one_percent() {
    let (s16, g16) = best_gain(DType::F16);
    let (s32, g32) = best_gain(DType::TF32);
    // f16: measured at most ~0.5% (so also within the 1% check); the model predicts no
    // gain (best share 0).
    assert!(g16 <= 0.005, "f16 gain {g16} at {s16}");
    assert_eq!(s16, 0.0);
    // tf32: measured at most ~1.4%; the model predicts a small positive gain, <= 1%
    // (hence also below the measured 1.4%).
    assert!(g32 > 0.0 && g32 <= 0.01, "tf32 gain {g32} at {s32}");
}

#[test]
fn closed_form_matches_the_comment_in_data_rs() {
    // Best share s* = Rv/(Rt+Rv), best gain G = (1+rho)/(1+alpha) - 1, rho = Rv/Rt.
    let t = target("sm_90a", None).unwrap();
    let alpha = t.coissue_alpha();
    assert_eq!(alpha, 0.115);
    let rho = 128.0 / 1024.0; // tf32: FFMA 128 vs tensor 1024 FMA/clk/SM
    let s_star = rho / (1.0 + rho);
    let g = (1.0 + rho) / (1.0 + alpha) - 1.0;
    assert!((g - 0.00897).abs() < 1e-4, "{g}");
    assert!((gain(DType::TF32, s_star) - g).abs() < 1e-9);
    // The chosen alpha is the smallest "round" value keeping tf32 within 1%.
    assert!(1.125 / 1.01 - 1.0 <= alpha);
}

#[test]
fn larger_shares_lower_the_total() {
    for ab in [DType::F16, DType::TF32] {
        for s in [0.3, 0.5, 0.9] {
            assert!(gain(ab, s) < 0.0, "{ab} share {s}");
        }
    }
}
