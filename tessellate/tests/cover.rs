//! Exact cover, property-tested: every plan for random shapes, targets, dtypes and ratios is an
//! exact cover (whole-space bitmap on small spaces, per-level interval reasoning on large ones),
//! and the checker rejects plans that overlap or leave gaps.

use proptest::prelude::*;
use tessellate::{GemmDType, GemmProblem, Options, check_plan, plans};

const CASES: &[(&str, GemmDType)] = &[
    ("sm_80", GemmDType::TF32),
    ("sm_80", GemmDType::S8),
    ("sm_86", GemmDType::F32),
    ("sm_89", GemmDType::TF32),
    ("sm_89", GemmDType::F16Acc),
    ("sm_90a", GemmDType::BF16),
    ("sm_90a", GemmDType::TF32),
    ("sm_100a", GemmDType::F16),
    ("sm_103a", GemmDType::BF16),
    ("sm_120a", GemmDType::F16),
    ("sm_121a", GemmDType::TF32),
];

fn ratio() -> impl Strategy<Value = Option<f64>> {
    prop_oneof![
        Just(None),
        Just(Some(0.0)),
        (1u32..16).prop_map(|r| Some(f64::from(r) / 4.0))
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Small spaces: checked point by point over the whole iteration space.
    #[test]
    fn small_plans_are_exact_covers(case in 0..CASES.len(), m in 1i64..90, n in 1i64..90,
                                    k in 1i64..70, batch in 1i64..3, ratio in ratio()) {
        let (arch, dtype) = CASES[case];
        let target = hw_models::target(arch, None).unwrap();
        let problem = GemmProblem::new(m, n, k, batch, dtype).unwrap();
        let opts = Options { ratio, top: 20, ..Options::default() };
        // A forced ratio can be unreachable for a dtype with one unit: that is a clear error.
        if let Ok(r) = plans(&problem, &target, &opts) {
            for p in &r.plans {
                let v = check_plan(p);
                prop_assert!(v.exact, "{:?}\n{}", v.problems, p);
                prop_assert_eq!(v.method, "brute-force");
            }
        }
    }

    /// Large spaces (LLM-sized and ragged): per-level interval reasoning.
    #[test]
    fn large_plans_are_exact_covers(case in 0..CASES.len(), m in 1i64..20_000, n in 1i64..30_000,
                                    k in 1i64..16_000, ratio in ratio()) {
        let (arch, dtype) = CASES[case];
        let target = hw_models::target(arch, None).unwrap();
        let problem = GemmProblem::new(m, n, k, 1, dtype).unwrap();
        let opts = Options { ratio, top: 10, ..Options::default() };
        if let Ok(r) = plans(&problem, &target, &opts) {
            for p in &r.plans {
                let v = check_plan(p);
                prop_assert!(v.exact, "{:?}\n{}", v.problems, p);
            }
        }
    }
}

fn a_mixed_plan() -> tessellate::Plan {
    let target = hw_models::target("sm_89", None).unwrap();
    let problem = GemmProblem::new(96, 80, 40, 1, GemmDType::TF32).unwrap();
    let opts = Options {
        ratio: Some(1.0),
        top: 1,
        ..Options::default()
    };
    let plan = plans(&problem, &target, &opts).unwrap().plans.remove(0);
    assert_eq!(plan.regions.len(), 2, "expected a mixed plan:\n{plan}");
    assert!(check_plan(&plan).exact);
    plan
}

#[test]
fn checker_rejects_overlap() {
    let mut plan = a_mixed_plan();
    let d = (0..3)
        .find(|&d| plan.regions[0].hi[d] == plan.regions[1].lo[d])
        .unwrap();
    plan.regions[1].lo[d] -= 1;
    assert!(!check_plan(&plan).exact);
}

#[test]
fn checker_rejects_gap() {
    let mut plan = a_mixed_plan();
    plan.regions.pop();
    let v = check_plan(&plan);
    assert!(!v.exact);
    assert!(
        v.problems.iter().any(|p| p.contains("cover")),
        "{:?}",
        v.problems
    );
}

#[test]
fn checker_rejects_bad_lattice() {
    let mut plan = a_mixed_plan();
    let r = plan
        .regions
        .iter_mut()
        .find(|r| r.piece.stride.iter().any(|&s| s > 1))
        .unwrap();
    // An instance one row short leaves the lattice with holes (or no longer tiles the region).
    let d = (0..2).find(|&d| r.piece.stride[d] > 1).unwrap();
    r.piece.extent[d] -= 1;
    let v = check_plan(&plan);
    assert!(!v.exact, "{plan}");
}

#[test]
fn checker_rejects_tile_that_workers_do_not_divide() {
    let mut plan = a_mixed_plan();
    plan.cta_tile[0] += 1;
    assert!(!check_plan(&plan).exact);
}
