//! Every kernel of the CI matrix (target x dtype x shape, plus layout variants) is printed,
//! parsed back to the same module, and assembled by ptxas with zero spill stores and loads.
//! Needs ptxas: skipped with a notice outside CI, a failure in CI (`MOSAIC_REQUIRE_PTXAS=1`).

mod common;

use codegen::{CompileOptions, MatLayout, compile};
use common::Checks;
use emit_ptx::{parse::parse_module, ptxas};
use tessellate::{GemmDType, GemmProblem, Options, Plan, Split, plans};

const TARGETS: &[&str] = &[
    "sm_80", "sm_86", "sm_89", "sm_90a", "sm_100a", "sm_103a", "sm_120a",
];
const DTYPES: &[GemmDType] = &[
    GemmDType::F16,
    GemmDType::F16Acc,
    GemmDType::BF16,
    GemmDType::TF32,
    GemmDType::F32,
    GemmDType::S8,
];
/// 4096^3, a Llama-3-8B MLP up-projection at 4096 tokens, a decode-like M = 16, and two
/// ragged ones; the second's B rows (1002 s8 elements) are not a multiple of 4 bytes, so its
/// loader copies B element by element (s8 64x64 warp boxes spilled there, run 15).
const SHAPES: &[(i64, i64, i64)] = &[
    (4096, 4096, 4096),
    (4096, 14336, 4096),
    (16, 4096, 4096),
    (1000, 777, 333),
    (1000, 1002, 512),
];

fn kernel(
    target: &str,
    dtype: GemmDType,
    (m, n, k): (i64, i64, i64),
    opts: &CompileOptions,
) -> (Plan, codegen::Kernel) {
    let t = hw_models::target(target, None).unwrap();
    let problem = GemmProblem::new(m, n, k, 1, dtype).unwrap();
    let r = plans(
        &problem,
        &t,
        &Options {
            top: 1,
            warpgroups: false,
            ..Options::default()
        },
    )
    .unwrap();
    let opts = CompileOptions {
        smem_limit: t.smem_max_per_cta,
        ..*opts
    };
    let k =
        compile(&r.plans[0], &opts).unwrap_or_else(|e| panic!("{target} {dtype} {m}x{n}x{k}: {e}"));
    (r.plans[0].clone(), k)
}

/// Resident CTAs per SM that `registers` per thread (ptxas's count) allow a CTA of
/// `threads`: registers are allocated per warp in units of 8 per thread (CUDA occupancy
/// rules).
fn ctas_by_registers(t: &hw_models::Target, registers: u32, threads: u32) -> i64 {
    let per_thread = i64::from(registers.div_ceil(8) * 8);
    i64::from(t.regs_per_sm) / (per_thread * i64::from(threads))
}

/// One test builds each kernel once for the parser and ptxas (they were two tests that built
/// the same 210 kernels), one kernel per job on every core: planning and building them in
/// debug-built code takes longer than ptxas.
#[test]
fn every_kernel_round_trips_and_assembles_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("every_kernel_assembles_without_spills").is_some();
    let mut jobs = Vec::new();
    for &target in TARGETS {
        for &dtype in DTYPES {
            for &shape in SHAPES {
                jobs.push((target, dtype, shape, CompileOptions::default()));
            }
        }
    }
    for (a, b) in [
        (MatLayout::ColMajor, MatLayout::RowMajor),
        (MatLayout::RowMajor, MatLayout::ColMajor),
        (MatLayout::ColMajor, MatLayout::ColMajor),
    ] {
        for &dtype in DTYPES {
            let opts = CompileOptions {
                a_layout: a,
                b_layout: b,
                ..CompileOptions::default()
            };
            jobs.push(("sm_80", dtype, (1000, 777, 333), opts));
        }
    }
    let mut checks = Checks::new();
    for (target, dtype, shape, opts) in jobs {
        checks.run(move || {
            let (plan, k) = kernel(target, dtype, shape, &opts);
            let what = format!(
                "{target} {dtype} {shape:?} {:?}/{:?}",
                opts.a_layout, opts.b_layout
            );
            let back = parse_module(&k.ptx).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(back, k.module, "{what}");
            if !ptxas_ok {
                return;
            }
            let rep = ptxas::assemble(&k.ptx, target).unwrap_or_else(|e| panic!("{what}: {e}"));
            for e in &rep.entries {
                assert_eq!(e.spill_stores, 0, "{what}: {e:?}");
                assert_eq!(e.spill_loads, 0, "{what}: {e:?}");
            }
            // The model's resident CTAs per SM fit in the register file at ptxas's count
            // (`tessellate::ilp`'s registers per thread; run 47: 64x64 boxes modeled at
            // three CTAs per SM where ptxas's 222-234 registers leave two). Not counted by
            // the model, so not checked: element loads (rows not a multiple of 4 bytes),
            // which ptxas batches into registers, and boxes split along m or n between
            // mma.sync and FFMA (sm_86 tf32 1000x1002x512: 204 registers, modeled 112).
            let t = hw_models::target(target, None).unwrap();
            let eb = dtype.input_bytes();
            let aligned = (shape.2 * eb) % 4 == 0 && (shape.1 * eb) % 4 == 0;
            let mixed = matches!(plan.split, Split::Independent { .. });
            if aligned && !mixed {
                let m = &plan.modeled;
                let e = rep.entry(&k.entry).unwrap();
                let fit = ctas_by_registers(&t, e.registers, k.block[0]);
                assert!(
                    m.ctas_per_sm <= fit,
                    "{what}: modeled {} CTAs per SM at ~{} registers per thread; ptxas \
                     used {}, which fit {fit}",
                    m.ctas_per_sm,
                    m.regs_per_thread,
                    e.registers
                );
            }
            println!("{what}: {:?}", rep.entries);
        });
    }
    checks.finish();
}

/// Decode-like problems' CTA tiles of 16 and 32 rows (sm_90a): the first 12 distinct such
/// warp-level plans (tile, warp grid, k-step) ranked for each case assemble without spills,
/// and their modeled CTAs per SM fit ptxas's registers.
#[test]
fn short_m_tiles_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("short_m_tiles_assemble_without_spills").is_some();
    let t = hw_models::target("sm_90a", None).unwrap();
    let mut checks = Checks::new();
    let mut n = 0;
    for (dtype, (m, nn, k)) in [
        (GemmDType::TF32, (16, 28672, 4096)),
        (GemmDType::TF32, (29, 5000, 1000)),
        (GemmDType::F16, (16, 28672, 4096)),
        (GemmDType::BF16, (32, 27648, 5120)),
    ] {
        let problem = GemmProblem::new(m, nn, k, 1, dtype).unwrap();
        let ranked = plans(
            &problem,
            &t,
            &Options {
                top: 300,
                warpgroups: false,
                ..Options::default()
            },
        )
        .unwrap();
        let mut seen = std::collections::BTreeSet::new();
        let short: Vec<Plan> = ranked
            .plans
            .into_iter()
            .filter(|p| p.cta_tile[0] <= 32 && seen.insert((p.cta_tile, p.workers)))
            .take(12)
            .collect();
        assert!(!short.is_empty(), "{dtype} {m}x{nn}x{k}: no short-m plan");
        for plan in short {
            n += 1;
            let t = t.clone();
            checks.run(move || {
                let opts = CompileOptions {
                    smem_limit: t.smem_max_per_cta,
                    ..CompileOptions::default()
                };
                let what = format!(
                    "{dtype} {m}x{nn}x{k} {:?} {:?}",
                    plan.cta_tile, plan.workers
                );
                let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                if !ptxas_ok {
                    return;
                }
                let rep =
                    ptxas::assemble(&k.ptx, "sm_90a").unwrap_or_else(|e| panic!("{what}: {e}"));
                let e = rep.entry(&k.entry).unwrap();
                assert_eq!((e.spill_stores, e.spill_loads), (0, 0), "{what}: {e:?}");
                let fit = ctas_by_registers(&t, e.registers, k.block[0]);
                assert!(
                    plan.modeled.ctas_per_sm <= fit,
                    "{what}: modeled {} CTAs per SM; ptxas used {} registers, which fit {fit}",
                    plan.modeled.ctas_per_sm,
                    e.registers
                );
            });
        }
    }
    checks.finish();
    println!("{n} short-m warp-level kernels checked (assembled: {ptxas_ok})");
}
