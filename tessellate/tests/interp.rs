//! The CPU interpreter runs every instance of a plan through its iTex maps; with small integer
//! inputs the result must equal the reference GEMM exactly. This proves the maps, placements and
//! boundary pieces, not only the coverage.

use tessellate::interp::{self, Operands};
use tessellate::{GemmDType, GemmProblem, Options, Plan, check_plan, plans};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Integers in [-4, 4], never all zero in practice.
    fn small(&mut self) -> f64 {
        (self.next() % 9) as f64 - 4.0
    }
}

fn check(plan: &Plan, rng: &mut Rng) {
    let p = &plan.problem;
    let a: Vec<f64> = (0..p.batch * p.m * p.k).map(|_| rng.small()).collect();
    let b: Vec<f64> = (0..p.batch * p.k * p.n).map(|_| rng.small()).collect();
    let ops = Operands { a: &a, b: &b };
    let got = interp::run(plan, &ops).expect("interpretable");
    let want = interp::reference(plan, &ops);
    let bad = got.iter().zip(&want).position(|(g, w)| g != w);
    assert!(
        bad.is_none(),
        "plan differs from reference at C[{}]:\n{plan}",
        bad.unwrap_or(0)
    );
    assert!(check_plan(plan).exact, "not an exact cover:\n{plan}");
}

/// Every plan (mixed, pure, reduction and independent splits) for ragged shapes on each
/// (target, dtype) pair.
#[test]
fn interpreted_plans_reproduce_reference_gemm() {
    let cases = [
        ("sm_89", GemmDType::TF32),
        ("sm_89", GemmDType::F16),
        ("sm_89", GemmDType::F16Acc),
        ("sm_80", GemmDType::BF16),
        ("sm_80", GemmDType::S8),
        ("sm_86", GemmDType::F32),
        ("sm_90a", GemmDType::F16),
        ("sm_90a", GemmDType::TF32),
    ];
    let shapes = [
        (37, 29, 45, 1),
        (64, 64, 32, 1),
        (70, 9, 17, 2),
        (1, 1, 1, 1),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (arch, dtype) in cases {
        let target = hw_models::target(arch, None).unwrap();
        for &(m, n, k, batch) in &shapes {
            let problem = GemmProblem::new(m, n, k, batch, dtype).unwrap();
            let ranking = plans(
                &problem,
                &target,
                &Options {
                    top: 6,
                    ..Options::default()
                },
            )
            .unwrap();
            assert!(!ranking.plans.is_empty());
            for plan in &ranking.plans {
                check(plan, &mut rng);
            }
        }
    }
}

/// A mixed plan with a forced ratio is interpreted too, for each split strategy seen.
#[test]
fn forced_ratio_plans_are_exact() {
    let target = hw_models::target("sm_89", None).unwrap();
    let problem = GemmProblem::new(100, 75, 50, 1, GemmDType::TF32).unwrap();
    let mut rng = Rng(42);
    for ratio in [0.0, 0.25, 1.0, 3.0, f64::INFINITY] {
        let opts = Options {
            ratio: Some(ratio),
            top: 8,
            ..Options::default()
        };
        let ranking = plans(&problem, &target, &opts).unwrap();
        for plan in &ranking.plans {
            check(plan, &mut rng);
        }
    }
}
