//! Generated kernels run on the CPU PTX simulator (`ptx-sim`) and must reproduce the reference
//! GEMM exactly: inputs are small integers, so every product and partial sum is exact in every
//! dtype. Ragged shapes, all dtypes, all four layout combinations, alpha/beta, mixed plans.

use codegen::simulate as sim;
use codegen::{CompileOptions, MatLayout, compile};
use tessellate::{GemmDType, GemmProblem, Options, Plan, plans};

/// Runs `plan` in the simulator and compares with the reference; returns a failure message.
fn check(
    plan: &Plan,
    al: MatLayout,
    bl: MatLayout,
    alpha: f64,
    beta: f64,
    seed: u64,
) -> Result<(), String> {
    check_c(plan, al, bl, (alpha, beta), seed, false)
}

/// [`check`], with C in the inputs' 16-bit type where `half_c` (`CompileOptions::half_c`).
fn check_c(
    plan: &Plan,
    al: MatLayout,
    bl: MatLayout,
    ab: (f64, f64),
    seed: u64,
    half_c: bool,
) -> Result<(), String> {
    let opts = CompileOptions {
        a_layout: al,
        b_layout: bl,
        smem_limit: 227 * 1024,
        half_c,
        ..CompileOptions::default()
    };
    sim::check(plan, &opts, ab, seed)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn plan_for(target: &str, dtype: GemmDType, shape: (i64, i64, i64), pick: usize) -> Option<Plan> {
    batched_plan_for(target, dtype, shape, 1, pick)
}

/// Plan `pick` (0 = best) of `batch` GEMMs of `shape`, warp plans only.
fn batched_plan_for(
    target: &str,
    dtype: GemmDType,
    (m, n, k): (i64, i64, i64),
    batch: i64,
    pick: usize,
) -> Option<Plan> {
    let t = hw_models::target(target, None).unwrap();
    let problem = GemmProblem::new(m, n, k, batch, dtype).unwrap();
    let r = plans(
        &problem,
        &t,
        &Options {
            top: pick + 1,
            warpgroups: false,
            ..Options::default()
        },
    )
    .unwrap();
    r.plans.get(pick).cloned()
}

/// Integer alpha and beta that keep every dtype's result exact (f16 accumulators hold less).
fn alpha_beta(d: GemmDType) -> (f64, f64) {
    if d == GemmDType::F16Acc {
        (2.0, -1.0)
    } else {
        (3.0, -2.0)
    }
}

const DTYPES: &[GemmDType] = &[
    GemmDType::F32,
    GemmDType::TF32,
    GemmDType::F16,
    GemmDType::BF16,
    GemmDType::F16Acc,
    GemmDType::S8,
];

#[test]
fn best_plans_compute_the_gemm() {
    let mut fails = Vec::new();
    for &d in DTYPES {
        for shape in [
            (1, 1, 1),
            (7, 13, 5),
            (37, 29, 45),
            (64, 64, 64),
            (100, 60, 128),
        ] {
            let plan = plan_for("sm_80", d, shape, 0).unwrap();
            if let Err(e) = check(&plan, MatLayout::RowMajor, MatLayout::RowMajor, 1.0, 0.0, 7) {
                fails.push(format!("{d} {shape:?}: {e}"));
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn layouts_and_alpha_beta() {
    let mut fails = Vec::new();
    for &d in DTYPES {
        let plan = plan_for("sm_89", d, (70, 45, 130), 0).unwrap();
        for (al, bl) in [
            (MatLayout::ColMajor, MatLayout::RowMajor),
            (MatLayout::RowMajor, MatLayout::ColMajor),
            (MatLayout::ColMajor, MatLayout::ColMajor),
        ] {
            if let Err(e) = check(&plan, al, bl, 1.0, 0.0, 11) {
                fails.push(format!("{d} {al:?}/{bl:?}: {e}"));
            }
            // k not ragged: the steady-state loader, with ragged m and n.
            let fast = plan_for("sm_89", d, (70, 45, 128), 0).unwrap();
            if let Err(e) = check(&fast, al, bl, 1.0, 0.0, 19) {
                fails.push(format!("{d} {al:?}/{bl:?} k=128: {e}"));
            }
        }
        let (alpha, beta) = alpha_beta(d);
        if let Err(e) = check(
            &plan,
            MatLayout::RowMajor,
            MatLayout::RowMajor,
            alpha,
            beta,
            13,
        ) {
            fails.push(format!("{d} alpha/beta: {e}"));
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// Mixed plans (independent and reduction splits, FFMA or HFMA2 beside mma.sync) at forced
/// ratios, several CTAs, ragged edges.
#[test]
fn mixed_plans_compute_the_gemm() {
    let mut fails = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (d, target) in [
        (GemmDType::TF32, "sm_89"),
        (GemmDType::F16, "sm_80"),
        (GemmDType::F16Acc, "sm_89"),
        (GemmDType::BF16, "sm_86"),
    ] {
        let t = hw_models::target(target, None).unwrap();
        let problem = GemmProblem::new(100, 72, 48, 1, d).unwrap();
        for ratio in [0.5, 1.0] {
            let opts = Options {
                ratio: Some(ratio),
                top: 3,
                warpgroups: false,
                ..Options::default()
            };
            for plan in plans(&problem, &t, &opts).unwrap().plans {
                if plan.regions.len() < 2 {
                    continue;
                }
                seen.insert(format!("{:?}", plan.split));
                if let Err(e) = check(
                    &plan,
                    MatLayout::RowMajor,
                    MatLayout::RowMajor,
                    1.0,
                    0.0,
                    17,
                ) {
                    fails.push(format!(
                        "{d} {target} ratio {ratio} {:?}:\n{plan}\n{e}",
                        plan.split
                    ));
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert!(seen.len() >= 2, "only {seen:?} splits exercised");
}

/// Swizzled shared-memory tiles (128-byte rows, K a multiple of the k-step): the sm_90a plans
/// with 128-byte k-steps, ragged m and n, both operands row- and column-major.
#[test]
fn swizzled_tiles_compute_the_gemm() {
    let mut fails = Vec::new();
    for d in [
        GemmDType::F16,
        GemmDType::BF16,
        GemmDType::F16Acc,
        GemmDType::S8,
    ] {
        let t = hw_models::target("sm_90a", None).unwrap();
        let problem = GemmProblem::new(72, 136, 128, 1, d).unwrap();
        let opts = Options {
            top: 64,
            warpgroups: false,
            ..Options::default()
        };
        let mut swizzled = 0;
        for plan in plans(&problem, &t, &opts).unwrap().plans {
            let opts = CompileOptions {
                smem_limit: 227 * 1024,
                ..CompileOptions::default()
            };
            let k = compile(&plan, &opts).unwrap();
            if !k.ptx.contains("xor.b32") || swizzled >= 1 {
                continue;
            }
            swizzled += 1;
            for (al, bl) in [
                (MatLayout::RowMajor, MatLayout::RowMajor),
                (MatLayout::ColMajor, MatLayout::ColMajor),
            ] {
                if let Err(e) = check(&plan, al, bl, 1.0, 0.0, 23) {
                    fails.push(format!("{d} {:?} {al:?}/{bl:?}: {e}", plan.cta_tile));
                }
            }
        }
        assert!(swizzled > 0, "{d}: no plan used swizzled tiles");
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// A reduction tessellation whose two regions hold every output element in the same lane and
/// register (both the plan's tensor iTex, split along k): the planner's `reduce::choose`
/// calls it direct, and the kernel adds registers with no shared memory or shuffle.
#[test]
fn direct_reduction_computes_the_gemm() {
    let mut fails = Vec::new();
    for (d, target) in [
        (GemmDType::TF32, "sm_89"),
        (GemmDType::F16, "sm_80"),
        (GemmDType::F16Acc, "sm_89"),
    ] {
        let t = hw_models::target(target, None).unwrap();
        let problem = GemmProblem::new(100, 72, 48, 1, d).unwrap();
        let opts = Options {
            ratio: Some(0.5),
            top: 8,
            warpgroups: false,
            ..Options::default()
        };
        let mut plan = plans(&problem, &t, &opts)
            .unwrap()
            .plans
            .into_iter()
            .find(|p| p.split == tessellate::Split::Reduction)
            .expect("a reduction plan");
        plan.regions[1].piece = plan.regions[0].piece.clone();
        let threads = plan.worker_threads;
        let how = tessellate::reduce::choose(&plan.regions[0], &plan.regions[1], threads);
        assert_eq!(how, tessellate::Reduction::Direct, "{d}");
        plan.reduction = Some(how);
        let k = compile(
            &plan,
            &CompileOptions {
                smem_limit: 227 * 1024,
                ..CompileOptions::default()
            },
        )
        .unwrap();
        assert!(k.ptx.contains("reduction tessellation: Direct"), "{d}");
        if let Err(e) = check(
            &plan,
            MatLayout::RowMajor,
            MatLayout::RowMajor,
            1.0,
            0.0,
            29,
        ) {
            fails.push(format!("{d}: {e}"));
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// Where N is even the epilogue stores each lane's two adjacent accumulators as one access
/// (`v2` of f32 or s32, one `b32` of two f16 halves) and loads C for beta the same way;
/// where N is odd, one element at a time. The simulator checks the result, with alpha and
/// beta and ragged m, and the alignment of every access.
#[test]
fn even_n_epilogues_store_pairs() {
    let mut fails = Vec::new();
    for &d in DTYPES {
        let (alpha, beta) = alpha_beta(d);
        for (shape, pairs) in [((100, 60, 128), true), ((100, 61, 128), false)] {
            let plan = plan_for("sm_80", d, shape, 0).unwrap();
            let opts = CompileOptions {
                smem_limit: 227 * 1024,
                ..CompileOptions::default()
            };
            let kern = compile(&plan, &opts).unwrap();
            let stores = |s: &str| kern.ptx.contains(s);
            let paired = match d {
                GemmDType::F16Acc => stores("st.global.b32") && !stores("st.global.b16"),
                GemmDType::S8 => stores("st.global.v2.s32") && !stores("st.global.s32"),
                _ => stores("st.global.v2.f32") && !stores("st.global.f32"),
            };
            // f32's FFMA plans give consecutive lanes consecutive columns: scalar stores
            // already cover whole lines there, and no lane holds a pair.
            if paired != (pairs && d != GemmDType::F32) {
                fails.push(format!("{d} {shape:?}: paired stores {paired}"));
            }
            if let Err(e) = check(
                &plan,
                MatLayout::RowMajor,
                MatLayout::RowMajor,
                alpha,
                beta,
                3,
            ) {
                fails.push(format!("{d} {shape:?}: {e}"));
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// Batched GEMM on the warp path: CTA z computes batch z, batches stored one after another
/// (A, B and C strides M*K, K*N and M*N elements), every dtype, ragged shapes, alpha / beta.
#[test]
fn batched_plans_compute_every_batch() {
    let mut fails = Vec::new();
    for &d in DTYPES {
        let (alpha, beta) = alpha_beta(d);
        for (batch, shape) in [(3, (37, 30, 45)), (2, (64, 64, 32))] {
            let plan = &batched_plan_for("sm_80", d, shape, batch, 0).unwrap();
            for (al, bl) in [
                (MatLayout::RowMajor, MatLayout::RowMajor),
                (MatLayout::ColMajor, MatLayout::ColMajor),
            ] {
                if let Err(e) = check(plan, al, bl, alpha, beta, 5) {
                    fails.push(format!("{d} batch {batch} {shape:?} {al:?}/{bl:?}: {e}"));
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// A 16-bit C over f32 accumulators (`--c-dtype f16` / `bf16`) on warp kernels: paired and
/// unpaired stores (even and odd n), beta reading the old 16-bit C, sums past 256 that bf16
/// must round.
#[test]
fn warp_kernels_store_a_16_bit_c() {
    let mut fails = Vec::new();
    for d in [GemmDType::F16, GemmDType::BF16] {
        for shape in [(33, 40, 96), (17, 23, 150)] {
            let plan = plan_for("sm_80", d, shape, 0).expect("a plan");
            for (ab, seed) in [((1.0, 0.0), 5), ((3.0, -2.0), 9)] {
                let (al, bl) = (MatLayout::RowMajor, MatLayout::ColMajor);
                if let Err(e) = check_c(&plan, al, bl, ab, seed, true) {
                    fails.push(format!("{d} {shape:?} alpha/beta {ab:?}: {e}"));
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// A warp-level kernel launched as a programmatic dependent (`Pdl::On`, sm_90+) waits for the
/// previous grid before its first global access: the simulator refuses the kernel once its
/// `griddepcontrol.wait` is gone. Ragged, odd `k`, so that A is loaded element by element.
#[test]
fn pdl_warp_kernels_wait_before_touching_global_memory() {
    use codegen::Pdl;
    use emit_ptx::ast::{Op, Stmt};
    let plan = plan_for("sm_90a", GemmDType::F16, (37, 72, 45), 0).expect("a plan");
    assert_eq!(plan.worker_threads, 32, "a warp-level plan");
    let opts = CompileOptions {
        smem_limit: 227 * 1024,
        pdl: Pdl::On,
        ..CompileOptions::default()
    };
    let kern = compile(&plan, &opts).unwrap();
    assert!(kern.programmatic_launch);
    sim::check_kernel(&kern, &plan, &opts, (3.0, -2.0), 7).unwrap();
    let mut no_wait = kern.clone();
    no_wait.module.entries[0].body.retain(
        |s| !matches!(s, Stmt::Instr(i) if i.op == Op::Griddepcontrol && i.mods[0] == "wait"),
    );
    let e = sim::check_kernel(&no_wait, &plan, &opts, (3.0, -2.0), 7).unwrap_err();
    assert!(e.to_string().contains("griddepcontrol.wait"), "{e}");
    // Before sm_90 there is no griddepcontrol: refused, not miscompiled.
    let sm80 = plan_for("sm_80", GemmDType::F16, (37, 72, 45), 0).expect("a plan");
    let err = compile(&sm80, &opts).unwrap_err().to_string();
    assert!(err.contains("sm_80 lacks griddepcontrol"), "{err}");
}

/// Decode-like problems' CTA tiles of 16 and 32 rows (one or two warp rows, sm_90a): every
/// such warp-level plan among the first 200 ranked, one per (tile, warp grid, k-step), at
/// ragged shapes (m of 13, 16 and 29; n and k multiples of no tile), in both A layouts.
#[test]
fn short_m_tiles_compute_the_gemm() {
    let t = hw_models::target("sm_90a", None).unwrap();
    let mut fails = Vec::new();
    let mut checked = 0;
    for (d, shape) in [
        (GemmDType::TF32, (16, 300, 200)),
        (GemmDType::TF32, (29, 520, 136)),
        (GemmDType::F16, (13, 260, 72)),
        (GemmDType::BF16, (16, 392, 264)),
    ] {
        let problem = GemmProblem::new(shape.0, shape.1, shape.2, 1, d).unwrap();
        let r = plans(
            &problem,
            &t,
            &Options {
                top: 200,
                warpgroups: false,
                ..Options::default()
            },
        )
        .unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for p in r.plans.iter().filter(|p| p.cta_tile[0] <= 32) {
            if !seen.insert((p.cta_tile, p.workers)) {
                continue;
            }
            for al in [MatLayout::RowMajor, MatLayout::ColMajor] {
                checked += 1;
                if let Err(e) = check(p, al, MatLayout::RowMajor, 3.0, -2.0, 23) {
                    fails.push(format!(
                        "{d} {shape:?} {al:?} {:?} {:?}: {e}",
                        p.cta_tile, p.workers
                    ));
                }
            }
        }
    }
    assert!(checked >= 8, "{checked} short-m kernels");
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
