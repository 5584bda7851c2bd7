//! sm_90a warpgroup kernels (TMA, mbarrier pipelines, wgmma, thread-block clusters) run on
//! the CPU PTX simulator (`ptx-sim`) and must reproduce the reference GEMM exactly, at
//! ragged shapes (M, N, K multiples of no tile), with C poisoned and alpha 2, beta -1: the
//! ranked plans of every kind (one or two consumer warpgroups, split-K, transposed,
//! multicast), the compile options that change the kernel (persistence, cluster blocks,
//! epilogues, ping-pong, stream-K, 16-bit C, raster and cluster orders), swizzle spans,
//! batches and FFMA columns. Then the simulator itself: it must catch the pipeline bugs a
//! GPU run would (a stage freed before its wgmma retired, a missing arrival, a wgmma never
//! waited on).
//!
//! No GPU and no ptxas: the simulator models values, not time, so these tests say nothing
//! about speed and cannot see races that depend on timing beyond what its ordering
//! exposes (`ptx_sim` crate docs).

mod common;

use std::collections::BTreeSet;

use codegen::simulate as sim;
use codegen::{CompileOptions, EpilogueOverlap, Kernel, MatLayout, Pdl, compile};
use common::warpgroup_plans;
use emit_ptx::ast::{Op, Operand, Stmt};
use ptx_sim::SimError;
use ptx_sim::gemm::GemmError;
use tessellate::{GemmDType, Options, Plan};

use MatLayout::{ColMajor as C, RowMajor as R};

/// `(alpha, beta)` of every check, each kernel run with both: with beta 0 the kernels take
/// their TMA-store epilogue (where they have one) and C starts poisoned; with beta -1 they
/// read C and store directly. alpha 2 exercises the scaling.
const AB: [(f64, f64); 2] = [(2.0, 0.0), (2.0, -1.0)];

/// Grids here are small; a persistent kernel's grid is `sms` CTAs or fewer, so that the
/// simulator runs few idle CTAs while every CTA still takes several tiles.
const SMS: u32 = 8;

fn kind(p: &Plan) -> String {
    format!(
        "tile {:?} x{:?} split-K {} persistent {} multicast {}/{} stream-K {} transposed {} stages {}",
        p.cta_tile,
        p.workers,
        p.split_k,
        p.persistent,
        p.multicast,
        p.multicast_a,
        p.stream_k,
        p.transposed,
        p.stages
    )
}

/// Runs every case on two threads; panics with all failures.
fn check_all(cases: Vec<(String, Plan, CompileOptions)>) {
    eprintln!("simulating {} kernels", cases.len());
    let half = cases.len().div_ceil(2);
    let failures: Vec<String> = std::thread::scope(|s| {
        let jobs: Vec<_> = cases
            .chunks(half.max(1))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .enumerate()
                        .flat_map(|(i, (what, plan, opts))| {
                            AB.iter().filter_map(move |&ab| {
                                sim::check(plan, opts, ab, 17 + i as u64)
                                    .err()
                                    .map(|e| format!("{what}, (alpha, beta) {ab:?}: {e}"))
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        jobs.into_iter()
            .flat_map(|j| j.join().expect("checker thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The first plan of each kind (consumer warpgroups, split-K, transposed, persistent,
/// multicast of B and of A) among the 40 best ranked.
fn plans_of_every_kind(
    d: GemmDType,
    shape: (i64, i64, i64),
    a: MatLayout,
    b: MatLayout,
    options: Options,
) -> Vec<(Plan, CompileOptions)> {
    let mut seen = BTreeSet::new();
    let ranked = warpgroup_plans(d, shape, 1, a, b, Options { top: 40, ..options }, false);
    ranked
        .into_iter()
        .filter(|(p, _)| {
            seen.insert((
                p.workers,
                p.split_k > 1,
                p.transposed,
                p.persistent,
                p.multicast > 1,
                p.multicast_a > 1,
            ))
        })
        .map(|(p, o)| (p, CompileOptions { sms: SMS, ..o }))
        .collect()
}

#[test]
fn ranked_plans_of_every_kind_compute_the_gemm() {
    let mut cases = Vec::new();
    let mut kinds = BTreeSet::new();
    for (d, a, b) in [
        (GemmDType::F16, R, R),
        (GemmDType::BF16, C, R),
        (GemmDType::F16, R, C),
        (GemmDType::BF16, C, C),
        (GemmDType::TF32, R, C),
    ] {
        for shape in [
            (200, 312, 136),
            (16, 264, 1032),
            (128, 520, 520),
            (264, 200, 328),
        ] {
            for (p, o) in plans_of_every_kind(d, shape, a, b, Options::default()) {
                kinds.insert((p.workers, p.split_k > 1, p.transposed));
                cases.push((
                    format!("{d:?} {a:?} A, {b:?} B {shape:?}: {}", kind(&p)),
                    p,
                    o,
                ));
            }
        }
    }
    // One and two consumer warpgroups, split-K, transposed plans all ran.
    assert!(kinds.iter().any(|k| k.0 == [2, 1]), "{kinds:?}");
    assert!(
        kinds.iter().any(|k| k.1) && kinds.iter().any(|k| k.2),
        "{kinds:?}"
    );
    check_all(cases);
}

type Variant = (&'static str, fn(&mut CompileOptions));

/// The compile options that change a warpgroup kernel, each set on its own (with what it
/// needs).
const VARIANTS: &[Variant] = &[
    ("persistent", |o| o.persistent = Some(true)),
    ("B multicast", |o| o.multicast = Some(true)),
    ("A multicast", |o| o.multicast_a = Some(true)),
    ("2x2 block", |o| o.multicast_ab = Some([2, 2])),
    ("4x2 block", |o| o.multicast_ab = Some([4, 2])),
    ("2x4 block", |o| o.multicast_ab = Some([2, 4])),
    ("TMA store", |o| o.tma_store = Some(true)),
    ("direct stores", |o| o.tma_store = Some(false)),
    ("2 stages", |o| o.stages = Some(2)),
    ("ping-pong", |o| {
        o.persistent = Some(true);
        o.pingpong = Some(true);
    }),
    ("stream-K", |o| o.stream_k = Some(true)),
    ("16-bit C", |o| o.half_c = true),
    ("cluster order", |o| {
        o.persistent = Some(true);
        o.multicast = Some(true);
        o.cluster_order = Some(true);
    }),
    ("epilogue overlap", |o| {
        o.persistent = Some(true);
        o.epilogue_overlap = EpilogueOverlap::On {
            k_tiles: 1,
            cols: 64,
        };
    }),
    ("n first", |o| o.raster_n_first = Some(true)),
    // One k-tile past the ring, and more than any of these shapes has (the prefetch loop
    // at the tile's start stops at its last k-tile).
    ("k-pair", |o| o.k_pair = true),
    ("k-pair, 2x2 block", |o| {
        o.k_pair = true;
        o.multicast_ab = Some([2, 2]);
    }),
    // The fewest stages it takes (with two, a warpgroup's next k-tile would need the stage
    // it still holds).
    ("k-pair, 3 stages", |o| {
        o.k_pair = true;
        o.stages = Some(3);
    }),
    ("L2 prefetch 1", |o| o.l2_prefetch = Some(1)),
    ("L2 prefetch 64, persistent", |o| {
        o.persistent = Some(true);
        o.l2_prefetch = Some(64);
    }),
    // Programmatic dependent launch (on by default): the simulator refuses any global
    // access before the accessing thread's `griddepcontrol.wait`
    // (`SimError::BeforeGridDepWait`).
    ("PDL off", |o| o.pdl = Pdl::Off),
    ("PDL prefetch", |o| o.pdl = Pdl::Prefetch),
    ("PDL prefetch, 2x2 block", |o| {
        o.pdl = Pdl::Prefetch;
        o.multicast_ab = Some([2, 2]);
    }),
    ("PDL, persistent", |o| {
        o.persistent = Some(true);
        o.pdl = Pdl::Prefetch;
    }),
    ("PDL, stream-K", |o| {
        o.stream_k = Some(true);
        o.pdl = Pdl::Prefetch;
    }),
];

#[test]
fn compile_options_compute_the_gemm() {
    let mut cases = Vec::new();
    let mut built = BTreeSet::new();
    for (d, a, b, shape) in [
        (GemmDType::F16, R, R, (200, 312, 136)),
        (GemmDType::BF16, R, C, (264, 200, 328)),
        (GemmDType::F16, R, R, (16, 264, 1032)),
        (GemmDType::TF32, R, C, (136, 264, 200)),
        // A from registers (`hopper::a_regs`) under every kernel option.
        (GemmDType::TF32, C, C, (200, 264, 136)),
    ] {
        let ranked = warpgroup_plans(d, shape, 1, a, b, Options::default(), false);
        // One plan of the last case (A from registers), to keep CI's time.
        let take = if a == C { 1 } else { 2 };
        for (p, o) in ranked.into_iter().take(take) {
            for (name, set) in VARIANTS {
                let mut o = CompileOptions { sms: SMS, ..o };
                set(&mut o);
                // Options a plan cannot take are refused (`hopper_matrix` checks which).
                if compile(&p, &o).is_err() {
                    continue;
                }
                built.insert(*name);
                let what = format!("{d:?} {a:?} A, {b:?} B {shape:?} {name}: {}", kind(&p));
                cases.push((what, p.clone(), o));
            }
        }
    }
    let all: BTreeSet<&str> = VARIANTS.iter().map(|v| v.0).collect();
    assert_eq!(built, all, "variants no plan took");
    check_all(cases);
}

#[test]
fn swizzle_spans_batches_and_ffma_columns_compute_the_gemm() {
    let mut cases = Vec::new();
    for span in [64, 32] {
        let swz = Options {
            swizzle: Some(span),
            ..Options::default()
        };
        // tf32 with a column-major A: A from registers, 2 k-steps a k-tile, or 1 (32-byte
        // spans), which waits for the previous k-tile's wgmma before loading.
        for (d, a, b) in [
            (GemmDType::F16, C, R),
            (GemmDType::TF32, R, C),
            (GemmDType::TF32, C, C),
        ] {
            let ranked = plans_of_every_kind(d, (136, 200, 264), a, b, swz.clone());
            for (p, o) in ranked.into_iter().take(2) {
                cases.push((format!("{span}-byte span {d:?}: {}", kind(&p)), p, o));
            }
        }
    }
    let batched = warpgroup_plans(
        GemmDType::BF16,
        (72, 136, 200),
        3,
        R,
        R,
        Options::default(),
        false,
    );
    for (p, o) in batched.into_iter().take(2) {
        cases.push((format!("3 batches: {}", kind(&p)), p, o));
    }
    let ffma = Options {
        top: 20,
        ratio: Some(0.08),
        warpgroup_vector: true,
        ..Options::default()
    };
    let mixed: Vec<_> = warpgroup_plans(GemmDType::TF32, (200, 392, 136), 1, R, C, ffma, true)
        .into_iter()
        .filter(|(p, _)| p.regions.len() == 2)
        .take(2)
        .collect();
    assert!(!mixed.is_empty(), "no plan with FFMA columns");
    for (p, o) in mixed {
        cases.push((format!("FFMA columns: {}", kind(&p)), p, o));
    }
    check_all(cases);
}

/// The kernels the copy tests simulate: the first four plans of every kind, or of a batch
/// the first two warpgroup plans.
fn copied_cases(
    d: GemmDType,
    shape: (i64, i64, i64),
    batch: i64,
    a: MatLayout,
    b: MatLayout,
) -> Vec<(Plan, CompileOptions)> {
    let ranked = if batch == 1 {
        plans_of_every_kind(d, shape, a, b, Options::default())
    } else {
        warpgroup_plans(d, shape, batch, a, b, Options::default(), false)
            .into_iter()
            .take(2)
            .map(|(p, o)| (p, CompileOptions { sms: SMS, ..o }))
            .collect()
    };
    ranked.into_iter().take(4).collect()
}

#[test]
fn unaligned_operand_pitches_compute_the_gemm_through_copies() {
    // Rows of A and / or B that are not 16-byte multiples: odd K and N (2-byte units), K of
    // 4 mod 8 (8-byte units), tf32 rows of 4 mod 16 bytes, batches; split-K, transposed
    // and decode plans among them. The copies' pad bytes start as NaN, so a map reading
    // them fails the check.
    let mut cases = Vec::new();
    for (d, a, b, shape, batch) in [
        (GemmDType::F16, R, R, (201, 313, 137), 1),
        (GemmDType::BF16, C, R, (200, 314, 140), 1),
        (GemmDType::F16, R, C, (16, 263, 1031), 1),
        (GemmDType::TF32, R, C, (136, 264, 201), 1),
        (GemmDType::BF16, R, R, (72, 135, 199), 3),
        // Rows of two chunks (2053 units), and short rows four to a CTA, the last CTA's
        // rows in part past the end.
        (GemmDType::F16, R, R, (16, 264, 2053), 1),
        (GemmDType::F16, R, R, (201, 312, 45), 1),
    ] {
        for (p, o) in copied_cases(d, shape, batch, a, b) {
            let kern = compile(&p, &o).unwrap();
            assert!(!kern.padded.is_empty(), "{shape:?}: no operand copy");
            let what = format!("{d:?} {a:?} A, {b:?} B {shape:?} x{batch}: {}", kind(&p));
            cases.push((what, p, o));
        }
    }
    check_all(cases);
}

#[test]
fn tf32_mn_major_operands_compute_the_gemm() {
    // tf32 wgmma reads only K-major tiles: a B stored MN-major is copied transposed first
    // (`hopper::transpose`), an A stored MN-major (a column-major A, or the caller's
    // row-major B as a transposed plan's A) is loaded from its MN-major tile into the
    // registers wgmma takes A from (`hopper::a_regs`). Ragged tiles at every edge (n, m and
    // k multiples of neither 32 nor 64), transposed, split-K and decode plans among the
    // ranked ones, two consumer warpgroups, a batch, and an A from registers beside a B
    // padded. A transposed plan of a column-major A reads the caller's A through its
    // transposing copy and the caller's row-major B from registers. The copies' unwritten
    // bytes start as NaN, so a map reading past a row fails the check.
    let mut cases = Vec::new();
    let (mut copies, mut regs, mut both) = (0, 0, 0);
    for (a, b, shape, batch) in [
        (R, R, (136, 264, 201), 1),
        (R, R, (16, 135, 333), 1),
        (C, C, (200, 137, 150), 1),
        (C, R, (72, 135, 199), 3),
        (C, R, (24, 135, 333), 1),
        (C, C, (300, 136, 72), 1),
        // Batched transposed plans (a row-major B read from registers, no copy).
        (R, R, (100, 264, 96), 3),
    ] {
        for (p, o) in copied_cases(GemmDType::TF32, shape, batch, a, b) {
            let kern = compile(&p, &o).unwrap();
            let copied = kern.padded.iter().any(|c| c.transposed);
            let from_regs =
                (kern.ptx.lines()).any(|l| l.contains("wgmma.mma_async") && l.contains("}, {%r"));
            assert!(
                copied || from_regs,
                "{shape:?}: {}: A nor B MN-major",
                kind(&p)
            );
            copies += usize::from(copied);
            regs += usize::from(from_regs);
            both += usize::from(p.transposed && copied && from_regs);
            let what = format!("tf32 {a:?} A, {b:?} B {shape:?} x{batch}: {}", kind(&p));
            cases.push((what, p, o));
        }
    }
    assert!(
        copies > 0 && regs > 0 && both > 0,
        "{copies} copies, {regs} kernels with A in registers, {both} transposed with both"
    );
    check_all(cases);
}

#[test]
fn mn_major_b_tiles_read_in_part_compute_the_gemm() {
    // A B tile whose last MN-major chunk of 128-byte spans is read in part loads it through
    // the tail map (`tmap_b_tail`), a box narrower than the span whose barrier expects its
    // data bytes only (run 23-c): 96-column tiles of a row-major B (one whole chunk and a
    // tail), and the transposed plans of a 16-bit column-major A at decode shapes, whose B
    // (the caller's A) is a tail alone of the caller's m columns (8 to 24 here; m = 17 read
    // through its copy), with split-K and two or three consumer warpgroups among them, and
    // each of those once more with B multicast (the tail box cut along its k rows). Above
    // 128 rows (200 and 330 here) such a B is whole chunks and a tail, in tiles of 128 to
    // 256 of the caller's rows, the last one ragged.
    let mut cases = Vec::new();
    for (d, a, b, shape) in [
        (GemmDType::F16, R, R, (128, 288, 256)),
        (GemmDType::BF16, C, R, (100, 480, 200)),
        (GemmDType::F16, C, R, (16, 264, 1032)),
        (GemmDType::BF16, C, C, (24, 200, 520)),
        (GemmDType::F16, C, R, (8, 136, 264)),
        (GemmDType::F16, C, C, (17, 130, 1000)),
        (GemmDType::F16, C, R, (200, 264, 520)),
        (GemmDType::BF16, C, C, (330, 136, 264)),
    ] {
        let ranked = warpgroup_plans(
            d,
            shape,
            1,
            a,
            b,
            Options {
                top: 60,
                ..Options::default()
            },
            false,
        );
        let tails: Vec<_> = ranked
            .into_iter()
            .filter(|(p, _)| {
                let wn = p.cta_tile[1];
                (a == C && p.transposed) || (!p.transposed && b == R && wn % 64 != 0)
            })
            .take(6)
            .collect();
        assert!(
            !tails.is_empty(),
            "{d:?} {a:?}/{b:?} {shape:?}: no tile read in part"
        );
        for (p, o) in tails {
            let what = format!("{d:?} {a:?} A, {b:?} B {shape:?}: {}", kind(&p));
            let o = CompileOptions { sms: SMS, ..o };
            let shared = CompileOptions {
                multicast: Some(true),
                ..o
            };
            if p.transposed && compile(&p, &shared).is_ok() {
                cases.push((format!("{what}, B multicast"), p.clone(), shared));
            }
            cases.push((what, p, o));
        }
    }
    check_all(cases);
}

#[test]
fn odd_c_pitches_store_staged_rows() {
    // An f32 C whose rows are not 16-byte multiples (N not a multiple of 4) goes out through
    // the staging boxes, each warp writing rows of 32 elements itself (no TMA store, no
    // `tmap_c`): operands aligned (column-major B) and not (copies), tf32, batches, an
    // explicit two-stage ring, and stream-K with two stages (room for staging beside the
    // workspace), whose contributors add their rows with `red.global.add`. With beta -1
    // the same kernels store directly.
    let mut cases = Vec::new();
    for (d, a, b, shape, batch, set) in [
        (GemmDType::F16, R, C, (201, 313, 136), 1, None),
        (GemmDType::F16, R, R, (136, 266, 200), 1, None),
        (GemmDType::TF32, R, C, (136, 201, 264), 1, None),
        (GemmDType::BF16, R, C, (72, 135, 200), 3, None),
        (GemmDType::F16, R, C, (200, 313, 136), 1, Some(2)),
        (GemmDType::F16, R, C, (392, 263, 1032), 1, Some(2)),
    ] {
        let stream_k = set.is_some() && shape.2 > 1000;
        let ranked = warpgroup_plans(d, shape, batch, a, b, Options::default(), false);
        let mut took = 0;
        for (p, o) in ranked.into_iter().take(4) {
            let o = CompileOptions {
                sms: SMS,
                stages: set.or(o.stages),
                stream_k: stream_k.then_some(true).or(o.stream_k),
                ..o
            };
            let Ok(kern) = compile(&p, &o) else { continue };
            if p.transposed || !kern.ptx.contains("ld.shared.f32") {
                continue;
            }
            assert!(
                !kern.ptx.contains("tmap_c"),
                "{shape:?}: a TMA store for N = {}",
                shape.1
            );
            if stream_k {
                assert!(
                    kern.ptx.contains("red.global.add.f32"),
                    "{shape:?}: no contributor"
                );
            }
            took += 1;
            let what = format!("{d:?} {a:?} A, {b:?} B {shape:?} x{batch}: {}", kind(&p));
            cases.push((what, p, o));
        }
        assert!(took > 0, "{shape:?}: no kernel stores staged rows");
    }
    check_all(cases);
}

/// A kernel of several k-tiles per stage ring (so that stages are reused) with a TMA-store
/// epilogue, and its plan.
fn pipelined() -> (Kernel, Plan, CompileOptions) {
    let (p, o) = warpgroup_plans(
        GemmDType::F16,
        (136, 200, 1032),
        1,
        R,
        R,
        Options::default(),
        false,
    )
    .into_iter()
    .find(|(p, _)| p.split_k == 1)
    .expect("a plan without split-K");
    let o = CompileOptions {
        stages: Some(2),
        tma_store: Some(true),
        ..o
    };
    (compile(&p, &o).unwrap(), p, o)
}

/// `kern` without the statements `drop` picks.
fn without(kern: &Kernel, drop: impl Fn(&Op, &[String], &[Operand]) -> bool) -> Kernel {
    let mut k = kern.clone();
    let body = &mut k.module.entries[0].body;
    let before = body.len();
    body.retain(|s| !matches!(s, Stmt::Instr(i) if drop(&i.op, &i.mods, &i.operands)));
    assert!(body.len() < before, "nothing to drop");
    k
}

#[test]
fn the_simulator_catches_broken_pipelines() {
    use sim::SimulateError::Run;
    let (kern, p, o) = pipelined();
    sim::check_kernel(&kern, &p, &o, AB[0], 5).unwrap();
    // The consumers free each stage one k-tile late, after `wgmma.wait_group 1` has retired
    // the wgmma that read it. Without that wait the producer refills a stage whose wgmma
    // has not read it yet: wrong sums.
    let early = without(&kern, |op, m, ops| {
        *op == Op::Wgmma && m[0] == "wait_group" && ops == [Operand::Imm(1)]
    });
    let e = sim::check_kernel(&early, &p, &o, AB[0], 5).unwrap_err();
    assert!(matches!(e, Run(GemmError::Mismatch { .. })), "{e}");
    // Without the consumers' arrivals on the `empty` barriers the producer waits forever.
    let stuck = without(&kern, |op, m, _| {
        *op == Op::Mbarrier && m[0] == "arrive" && !m.iter().any(|x| x == "expect_tx")
    });
    let e = sim::check_kernel(&stuck, &p, &o, AB[0], 5).unwrap_err();
    assert!(
        matches!(e, Run(GemmError::Sim(SimError::Deadlock(_)))),
        "{e}"
    );
    // Without any `wgmma.wait_group` the accumulators never receive a product.
    let unretired = without(&kern, |op, m, _| *op == Op::Wgmma && m[0] == "wait_group");
    let e = sim::check_kernel(&unretired, &p, &o, AB[0], 5).unwrap_err();
    assert!(
        matches!(e, Run(GemmError::Sim(SimError::Unretired { .. }))),
        "{e}"
    );
    // The epilogue stages C with `st.shared` (the generic proxy) for a TMA store (the
    // async proxy): without each thread's `fence.proxy.async` the engine may read stale
    // shared memory.
    let unfenced = without(&kern, |op, m, _| *op == Op::Fence && m[0] == "proxy");
    let e = sim::check_kernel(&unfenced, &p, &o, AB[0], 5).unwrap_err();
    assert!(
        matches!(e, Run(GemmError::Sim(SimError::ProxyFence { .. }))),
        "{e}"
    );
    // Without `cp.async.bulk.wait_group.read` the staging buffer is rewritten (or the CTA
    // exits) before the engine has read it.
    let unread = without(&kern, |op, m, _| {
        *op == Op::CpAsync && m[0] == "bulk" && m[1] == "wait_group"
    });
    let e = sim::check_kernel(&unread, &p, &o, AB[0], 5).unwrap_err();
    assert!(
        matches!(
            e,
            Run(GemmError::Sim(SimError::BulkOutstanding { .. }) | GemmError::Mismatch { .. })
        ),
        "{e}"
    );
}

/// Whether two TMA issues name the same box: tensor map and coordinates.
fn same_box(x: &ptx_sim::TmaIssue, y: &ptx_sim::TmaIssue) -> bool {
    x.map == y.map && x.coords == y.coords
}

/// Asserts that every box a CTA prefetched into L2 (`issued`, its TMA issues in order) is
/// loaded by a later TMA load of the same tensor map and coordinates.
fn prefetches_are_loaded_later(issued: &[ptx_sim::TmaIssue], what: &str) {
    for (i, x) in issued.iter().enumerate().filter(|(_, x)| x.prefetch) {
        assert!(
            issued[i..].iter().any(|y| !y.prefetch && same_box(x, y)),
            "{what} prefetched {:?} and never loaded it",
            x.coords
        );
    }
}

/// The L2 prefetch (`CompileOptions::l2_prefetch`) asks for the boxes the ring loads later
/// and no others: in each CTA's TMA trace every prefetched box is loaded after it, and on
/// grids of one tile per CTA the loads without an earlier prefetch are exactly the first
/// `stages` k-tiles' (untransposed and transposed plans, one and two consumer warpgroups,
/// A and B multicast over a 2 x 2 block, row- and column-major B, prefetching 1 and 3 k-tiles
/// past the ring).
#[test]
fn l2_prefetch_asks_for_the_boxes_the_ring_loads_later() {
    let (m, n, k): (i64, i64, i64) = (264, 200, 1096);
    let k_tiles = (k as usize).div_ceil(64);
    let mut kinds = BTreeSet::new();
    for b in [R, C] {
        let every = plans_of_every_kind(GemmDType::F16, (m, n, k), R, b, Options::default());
        for (p, o) in every
            .into_iter()
            .filter(|(p, _)| p.split_k == 1 && !p.persistent)
        {
            for (d, block) in [(1, None), (3, None), (3, Some([2, 2]))] {
                let o = CompileOptions {
                    l2_prefetch: Some(d),
                    multicast_ab: block,
                    ..o
                };
                let Ok(kern) = compile(&p, &o) else {
                    continue;
                };
                let what = format!("{b:?} B prefetch {d} block {block:?}: {}", kind(&p));
                let trace = sim::check_kernel(&kern, &p, &o, AB[0], 9)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let stages = kern.stages as usize;
                for (c, issued) in trace.tma.iter().enumerate() {
                    prefetches_are_loaded_later(issued, &format!("{what}: CTA {c}"));
                    let loads: Vec<_> = issued.iter().filter(|x| !x.prefetch).collect();
                    let cold: Vec<bool> = loads
                        .iter()
                        .map(|y| {
                            let at = issued.iter().position(|z| std::ptr::eq(z, *y)).unwrap();
                            !issued[..at].iter().any(|x| x.prefetch && same_box(x, y))
                        })
                        .collect();
                    assert_eq!(loads.len() % k_tiles, 0, "{what}: CTA {c}");
                    let first = stages.min(k_tiles) * loads.len() / k_tiles;
                    let expect: Vec<bool> = (0..loads.len()).map(|i| i < first).collect();
                    assert_eq!(cold, expect, "{what}: CTA {c}'s loads without a prefetch");
                }
                kinds.insert((p.workers, p.transposed, block.is_some()));
            }
        }
    }
    // One and two consumer warpgroups, transposed plans and 2 x 2 blocks were checked.
    assert!(kinds.iter().any(|k| k.0 == [2, 1]), "{kinds:?}");
    assert!(
        kinds.iter().any(|k| k.1) && kinds.iter().any(|k| k.2),
        "{kinds:?}"
    );
}

/// A kernel launched as a programmatic dependent (`CompileOptions::pdl`) may start before
/// the previous grid has finished, so each thread must run `griddepcontrol.wait` before it
/// touches global memory: the simulator refuses a kernel whose waits are gone (the
/// producer's TMA loads come first), or only the consumers' (their C stores), and passes the
/// built kernel, whose producer asks for the ring's first fill in L2 before its wait
/// (`Pdl::Prefetch`): every box of the first `stages` k-tiles, each loaded later.
#[test]
fn pdl_kernels_wait_before_touching_global_memory() {
    use sim::SimulateError::Run;
    let (_, p, o) = pipelined();
    let o = CompileOptions {
        pdl: Pdl::Prefetch,
        ..o
    };
    let kern = compile(&p, &o).unwrap();
    assert!(kern.programmatic_launch);
    let trace = sim::check_kernel(&kern, &p, &o, AB[0], 5).unwrap();
    let stages = kern.stages as usize;
    for (c, issued) in trace.tma.iter().enumerate() {
        let first_load = issued.iter().position(|x| !x.prefetch).unwrap();
        let (early, later) = issued.split_at(first_load);
        assert!(early.iter().all(|x| x.prefetch), "CTA {c}");
        let k_tiles = 1032_usize.div_ceil(64);
        let boxes_per_k_tile = later.iter().filter(|x| !x.prefetch).count() / k_tiles;
        assert_eq!(early.len(), stages * boxes_per_k_tile, "CTA {c}");
        prefetches_are_loaded_later(issued, &format!("CTA {c}"));
    }
    let is_wait = |op: &Op, m: &[String]| *op == Op::Griddepcontrol && m[0] == "wait";
    let no_wait = without(&kern, |op, m, _| is_wait(op, m));
    let e = sim::check_kernel(&no_wait, &p, &o, AB[0], 5).unwrap_err();
    assert!(
        matches!(e, Run(GemmError::Sim(SimError::BeforeGridDepWait(ref a))) if a.thread == 0),
        "{e}"
    );
    // The consumers' wait is the last `griddepcontrol.wait` in the body.
    let mut consumers_wait = kern.clone();
    let body = &mut consumers_wait.module.entries[0].body;
    let last = body
        .iter()
        .rposition(|s| matches!(s, Stmt::Instr(i) if is_wait(&i.op, &i.mods)))
        .unwrap();
    body.remove(last);
    let e = sim::check_kernel(&consumers_wait, &p, &o, AB[0], 5).unwrap_err();
    assert!(
        matches!(e, Run(GemmError::Sim(SimError::BeforeGridDepWait(ref a))) if a.thread >= 128),
        "{e}"
    );
}
