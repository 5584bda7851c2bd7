//! Every warpgroup (TMA + wgmma) plan the search ranks for sm_90a, over f16, bf16 and tf32,
//! square, LLM, decode-like (split-K) and ragged shapes and every operand layout the path
//! takes: printed, parsed back to the same module, structurally checked, and assembled by
//! ptxas with zero spills. Needs ptxas for the last part (skipped with a notice outside CI,
//! a failure in CI with `MOSAIC_REQUIRE_PTXAS=1`).

mod common;

use codegen::{CompileOptions, MatLayout, compile, hopper};
use common::{Checks, assert_no_spills, assert_staging_protocol};
use emit_ptx::{parse::parse_module, ptxas};
use tessellate::{GemmDType, GemmProblem, Options, Plan, plans};

const SHAPES: &[(i64, i64, i64)] = &[
    (4096, 4096, 4096),
    (4096, 14336, 4096),
    (16, 4096, 4096),
    (24, 1032, 1032),
    (128, 4096, 4096),
    (1000, 1000, 1000),
    // Rows of A and B that TMA cannot address (odd k, odd n): read from copies.
    (313, 1647, 1001),
];

/// `(dtype, A layout, B layout)` combinations the Hopper path lowers.
fn cases() -> Vec<(GemmDType, MatLayout, MatLayout)> {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let mut v = Vec::new();
    for d in [GemmDType::F16, GemmDType::BF16] {
        for (a, b) in [(R, R), (C, R), (R, C), (C, C)] {
            v.push((d, a, b));
        }
    }
    v.push((GemmDType::TF32, R, C));
    v
}

/// [`cases`] and tf32 with a row-major B, which a plain plan reads through its transposing
/// copy (`hopper::transpose`) and a transposed plan as its A, from registers
/// (`hopper::a_regs`), with A row-major and column-major (a transposed plan reads that A
/// through its transposing copy); with `both_col`, also tf32 with both operands
/// column-major (A from registers in plain plans; the batched matrix only, to keep CI's
/// time). Otherwise these are the tf32 column-major-B kernel, so the tests of kernel options
/// leave them out: the matrix takes most of CI's time.
fn cases_with_mn_major_tf32(both_col: bool) -> Vec<(GemmDType, MatLayout, MatLayout)> {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let mut v = cases();
    v.push((GemmDType::TF32, R, R));
    v.push((GemmDType::TF32, C, R));
    if both_col {
        v.push((GemmDType::TF32, C, C));
    }
    v
}

/// The warpgroup plans of one problem with their compile options.
fn warpgroup_plans(
    dtype: GemmDType,
    shape: (i64, i64, i64),
    a: MatLayout,
    b: MatLayout,
) -> Vec<(Plan, CompileOptions)> {
    swizzled_plans(dtype, shape, a, b, 128)
}

/// The warpgroup plans of one problem whose tiles use `span`-byte swizzle rows.
fn swizzled_plans(
    dtype: GemmDType,
    shape: (i64, i64, i64),
    a: MatLayout,
    b: MatLayout,
    span: i64,
) -> Vec<(Plan, CompileOptions)> {
    ranked_plans(
        dtype,
        shape,
        a,
        b,
        Options {
            top: 100,
            swizzle: Some(span),
            ..Options::default()
        },
    )
}

/// The warpgroup plans of one problem ranked with `opts` (transposed plans where the
/// Hopper path takes them).
fn ranked_plans(
    dtype: GemmDType,
    (m, n, k): (i64, i64, i64),
    a: MatLayout,
    b: MatLayout,
    opts: Options,
) -> Vec<(Plan, CompileOptions)> {
    batched_plans(dtype, (m, n, k), 1, a, b, opts)
}

/// [`ranked_plans`] of `batch` GEMMs of `m x n x k` (batches one after another).
fn batched_plans(
    dtype: GemmDType,
    shape: (i64, i64, i64),
    batch: i64,
    a: MatLayout,
    b: MatLayout,
    opts: Options,
) -> Vec<(Plan, CompileOptions)> {
    common::warpgroup_plans(dtype, shape, batch, a, b, opts, false)
}

/// On a worker of `checks`, while the test builds the next kernel: the TMA-store staging
/// protocol ([`assert_staging_protocol`]) and, where ptxas runs, [`assert_no_spills`].
fn check_kernel(checks: &mut Checks, ptx: String, what: String, ptxas_ok: bool) {
    checks.run(move || {
        assert_staging_protocol(&ptx, &what);
        if ptxas_ok {
            assert_no_spills(&ptx, &what);
        }
    });
}

/// Compiles an opt-in variant of `plan`: the kernel where the plan is `eligible` for it, or
/// `None` where it is not and the error names the variant (`reason`); anything else fails
/// the test (`what` names the case).
fn built_or_refused(
    plan: &Plan,
    opts: &CompileOptions,
    eligible: bool,
    reason: &str,
    what: &str,
) -> Option<codegen::Kernel> {
    match compile(plan, opts) {
        Ok(k) => {
            assert!(eligible, "{what}");
            Some(k)
        }
        Err(e) => {
            assert!(!eligible, "{what}: {e}");
            assert!(e.to_string().contains(reason), "{what}: {e}");
            None
        }
    }
}

/// The arrival counts of the `empty` barriers: the kernel initialises `full[s]` (one
/// arrival, the producer's `arrive.expect_tx`) and then `empty[s]` for each stage `s`.
fn empty_arrivals(ptx: &str) -> Vec<i64> {
    let counts: Vec<i64> = ptx
        .lines()
        .filter(|l| l.contains("mbarrier.init"))
        .filter_map(|l| {
            l.trim()
                .trim_end_matches(';')
                .rsplit(", ")
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert!(counts.iter().step_by(2).all(|&n| n == 1), "{counts:?}");
    counts.into_iter().skip(1).step_by(2).collect()
}

/// The byte offsets from the stage base at which the wgmma descriptors start, in program
/// order: the immediate of the `add.u32 t, stage, imm` that opens each descriptor's
/// `(addr & 0x3FFFF)` computation, one pair per consumer warpgroup's copy of the consumer
/// code. The A tile (`bm` rows of 128 bytes) comes first in a stage, so A's offset is 0 and
/// B's is `bm * 128`. (B's once read 0 whenever the two tiles
/// had the same shape and major, e.g. tf32 128x128: run 6's "tf32 split-K" wrong sums.)
fn descriptor_offsets(ptx: &str) -> Vec<i64> {
    let lines: Vec<&str> = ptx.lines().map(str::trim).collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("and.b32") && l.ends_with(", 262143;"))
        .filter_map(|(i, _)| {
            lines[i.saturating_sub(2)..i]
                .iter()
                .find(|l| l.starts_with("add.u32"))
                .and_then(|l| l.trim_end_matches(';').rsplit(", ").next()?.parse().ok())
        })
        .collect()
}

#[test]
fn odd_pitches_take_copies_and_tf32_mn_major_operands_transposing_ones() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let p = GemmProblem::new(1000, 777, 333, 1, GemmDType::F16).unwrap();
    assert!(hopper::supports(&p, true, R, R).is_ok());
    // A: 1000 rows of 666 bytes read, written at a pitch of 672; B: 333 rows of 1554 bytes
    // at 1568. With a column-major B (rows of k, 666 bytes) 777 rows at 672.
    let a = 1000 * 666 + 1000 * 672;
    assert_eq!(hopper::pad_copies(&p, R, R), [a, 333 * 1554 + 333 * 1568]);
    assert_eq!(hopper::pad_copies(&p, R, C), [a, 777 * 666 + 777 * 672]);
    let aligned = GemmProblem::new(1000, 776, 336, 1, GemmDType::F16).unwrap();
    assert!(hopper::pad_copies(&aligned, R, R).is_empty());
    // The kernel copies both, and its maps read the copies' pitches.
    let (plan, opts) = warpgroup_plans(GemmDType::F16, (1000, 777, 333), R, R)[0].clone();
    let k = compile(&plan, &opts).unwrap();
    let pitches: Vec<_> = k
        .padded
        .iter()
        .map(|c| (c.operand, c.pitch_bytes))
        .collect();
    let (a_buf, b_buf) = if plan.transposed {
        (codegen::TmaOperand::B, codegen::TmaOperand::A)
    } else {
        (codegen::TmaOperand::A, codegen::TmaOperand::B)
    };
    let want = |buf| {
        if buf == codegen::TmaOperand::A {
            672
        } else {
            1568
        }
    };
    assert_eq!(
        pitches,
        [(a_buf, want(a_buf)), (b_buf, want(b_buf))],
        "{plan}"
    );
    for m in &k.tensor_maps[..2] {
        assert_eq!(m.stride_bytes, want(m.operand), "{m:?}");
    }
    for c in &k.padded {
        assert!(
            k.ptx.contains(&format!(".entry {}(", c.entry)),
            "{}",
            c.entry
        );
    }
    // A row too long for one copy kernel's grid (65535 chunks): refused, not a panic.
    let long = GemmProblem::new(16, 16, (1 << 30) + 1, 1, GemmDType::F16).unwrap();
    let why = hopper::supports(&long, true, R, R).unwrap_err();
    assert!(why.contains("too many or too long"), "{why}");

    // tf32: a row-major B (333 rows of 777 elements) is read from its transposed copy, 777
    // rows of 333 elements at a pitch of 1344 bytes, and A's rows of 1332 bytes are padded
    // to 1344; a column-major A is read as stored (wgmma takes it from registers), its rows
    // of 1000 elements aligned.
    let p = GemmProblem::new(1000, 777, 333, 1, GemmDType::TF32).unwrap();
    assert!(hopper::supports(&p, true, R, R).is_ok());
    assert_eq!(hopper::read_layouts(p.dtype, R, R), (R, C));
    assert_eq!(hopper::read_layouts(p.dtype, C, C), (C, C));
    assert_eq!(hopper::read_layouts(GemmDType::F16, C, R), (C, R));
    assert_eq!(hopper::b_pitch_bytes(&p, R), 1344);
    let (a_pad, b_t) = (1000 * (1332 + 1344), 333 * 777 * 4 + 777 * 1344);
    assert_eq!(hopper::pad_copies(&p, R, R), [a_pad, b_t]);
    assert_eq!(hopper::pad_copies(&p, C, C), [777 * (1332 + 1344)]);
    for (plan, opts) in warpgroup_plans(GemmDType::TF32, (1000, 777, 333), R, R)
        .into_iter()
        .take(6)
    {
        let k = compile(&plan, &opts).unwrap();
        if plan.transposed {
            // Its A is the caller's B, MN-major: loaded into registers, no transposing copy.
            assert!(k.padded.iter().all(|c| !c.transposed), "{plan}");
            assert!(
                k.ptx.contains("}, {%r"),
                "no wgmma with A in registers: {plan}"
            );
            continue;
        }
        let copy = k
            .padded
            .iter()
            .find(|c| c.transposed)
            .unwrap_or_else(|| panic!("no transposing copy: {plan}"));
        assert_eq!(
            (copy.operand, copy.entry.as_str(), copy.rows, copy.row_bytes),
            (codegen::TmaOperand::B, "mosaic_transpose_b", 333, 777 * 4),
            "{plan}"
        );
        assert_eq!((copy.out_rows, copy.pitch_bytes), (777, 1344), "{plan}");
        assert_eq!(copy.bytes(), 777 * 1344);
        let map = k
            .tensor_maps
            .iter()
            .find(|m| m.operand == codegen::TmaOperand::B)
            .unwrap();
        assert_eq!((map.dims, map.stride_bytes), ([333, 777], 1344), "{plan}");
        assert!(k.ptx.contains(".entry mosaic_transpose_b("), "{plan}");
    }
    // Too many rows for the transposing copy's grid (65535 tiles of 64 rows): refused.
    let tall = GemmProblem::new(16, 16, 64 * 65535 + 1, 1, GemmDType::TF32).unwrap();
    let why = hopper::supports(&tall, true, R, R).unwrap_err();
    assert!(why.contains("transposing copy"), "{why}");
}

#[test]
fn tma_store_epilogue_follows_c_pitch_and_the_option() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    // N = 1002 with column-major B: TMA reads A and B (pitch K), but C's row pitch of 4008
    // bytes is not a multiple of 16, so C is stored directly.
    let (plan, opts) = warpgroup_plans(GemmDType::F16, (1000, 1002, 1000), R, C)[0].clone();
    let k = compile(&plan, &opts).unwrap();
    assert_eq!(k.tensor_maps.len(), 2);
    assert!(!k.ptx.contains("bulk_group"));
    let forced = CompileOptions {
        tma_store: Some(true),
        ..opts
    };
    let why = compile(&plan, &forced).unwrap_err().to_string();
    assert!(why.contains("multiple of 16 bytes"), "{why}");
    let (plan, opts) = warpgroup_plans(GemmDType::F16, (1000, 1000, 1000), R, R)[0].clone();
    assert_eq!(compile(&plan, &opts).unwrap().tensor_maps.len(), 3);
    let off = CompileOptions {
        tma_store: Some(false),
        ..opts
    };
    let k = compile(&plan, &off).unwrap();
    assert_eq!(k.tensor_maps.len(), 2);
    assert!(!k.ptx.contains("bulk_group"));
}

#[test]
fn lone_grids_size_their_ring_by_the_streamed_operand_and_split_k_by_both() {
    // One CTA per SM; 80 KiB of the larger operand in flight (10 stages of 8 KiB), capped by
    // shared memory; split-K keeps 80 KiB of both operands (at least 6 stages). The plan
    // holds the ring (tessellate::ring), and the kernel builds the plan's.
    const R: MatLayout = MatLayout::RowMajor;
    for (shape, tile, split, transposed, stages) in [
        // The kernel's A is the caller's B (the weights): 64 rows x 128 B a stage.
        ((16, 5120, 5120), [64, 16], 1, true, 10),
        // The weights stream (64 rows of 128 B, 8 KiB a stage) beside the activations; 24
        // KiB stages fit 9 in 227 KiB. Transposed: 64x128 ties with 128x64 in the model
        // and its wider wgmma ranks first (run 23-j).
        ((128, 5120, 5120), [64, 128], 1, true, 9),
        ((128, 4096, 4096), [64, 64], 1, false, 10),
        ((128, 4096, 14336), [64, 64], 1, false, 10),
        // The best split-K plan there: 24 KiB of A and B a stage. Transposed 64x128 ranks
        // before the 128x64 it ties with (run 23-j measured it 1-5% faster).
        ((128, 4096, 14336), [64, 128], 2, true, 6),
    ] {
        let (plan, opts) = warpgroup_plans(GemmDType::F16, shape, R, R)
            .into_iter()
            .find(|(p, _)| (p.split_k > 1) == (split > 1))
            .unwrap();
        assert_eq!(plan.cta_tile[..2], tile, "{plan}");
        assert_eq!(
            (plan.split_k, plan.transposed),
            (split, transposed),
            "{plan}"
        );
        assert_eq!(plan.stages, stages, "{shape:?}: {plan}");
        let k = compile(&plan, &opts).unwrap();
        assert_eq!(i64::from(k.stages), stages, "{shape:?}: {plan}");
        assert!(k.ptx.contains(".minnctapersm 1"), "{shape:?}");
        // `--stages` sets the depth but keeps the lone grid's one CTA per SM.
        let asked = CompileOptions {
            stages: Some(4),
            ..opts
        };
        let k = compile(&plan, &asked).unwrap();
        assert_eq!(k.stages, 4);
        assert!(k.ptx.contains(".minnctapersm 1"), "{shape:?}");
    }
}

#[test]
fn decode_shapes_rank_transposed_plans_first_and_large_shapes_never_split() {
    // M = 16: wgmma's n takes the caller's m (16 columns), its 64-row m the caller's n, and
    // the grid has one CTA per 64 columns of n per k-split (run 7-c: 64x16 tiles led four
    // of five M = 16 shapes, 0.99-1.05x cuBLAS). Unsplit at 16x5120x5120 (80 CTAs); at
    // 16x4096x4096 the lone grid's 64 CTAs leave half the SMs idle, and split-K 4 of
    // 192x16 tiles (88 CTAs) ran 1.00-1.06x faster (run 39-a; split-K 2 of 64x16 tiles had
    // run 1.02-1.03x cuBLAS against the lone grid's 1.07-1.09x in run 10-b).
    for (shape, tile, split) in [((16, 4096, 4096), 192, 4), ((16, 5120, 5120), 64, 1)] {
        let (small, _) = warpgroup_plans(
            GemmDType::F16,
            shape,
            MatLayout::RowMajor,
            MatLayout::RowMajor,
        )[0]
        .clone();
        assert!(small.transposed, "{small}");
        assert_eq!(small.cta_tile[..2], [tile, 16], "{small}");
        assert_eq!(small.split_k, split, "{small}");
    }
    // M not a multiple of 8: wgmma's n rounds up (8, 24), and the transposed plan still
    // leads (the 96-column filter of run 10 once dropped these); at M = 1 in split-K 4 of
    // 192x8 tiles (the lone 64x8 grid has 64 CTAs, run 39-b).
    for (m, tile, n) in [(1, 192, 8), (20, 64, 24)] {
        let (p, _) = warpgroup_plans(
            GemmDType::F16,
            (m, 4096, 4096),
            MatLayout::RowMajor,
            MatLayout::RowMajor,
        )[0]
        .clone();
        assert!(p.transposed, "{p}");
        assert_eq!(p.cta_tile[..2], [tile, n], "{p}");
    }
    // A 16-bit column-major A: transposed plans lead at decode shapes too, their B (the
    // caller's A) an MN-major tile of the caller's m columns loaded as one tail box
    // (1.073x the plain default at 16x4096x4096, run 51-a). Above 128 rows whole chunks and
    // a tail, charged `TRANSPOSED_MN_MAJOR_B_FACTOR` (run 52-a): they lead at 279x7870x9801
    // (1.102x the plain default), and not at 529x5146x1364, where the mirror image of the
    // plain 192x128 grid models the same cycles and ran 0.952x.
    for (d, b) in [
        (GemmDType::F16, MatLayout::RowMajor),
        (GemmDType::BF16, MatLayout::ColMajor),
    ] {
        let (p, opts) = warpgroup_plans(d, (16, 4096, 4096), MatLayout::ColMajor, b)[0].clone();
        assert!(p.transposed && p.cta_tile[1] == 16, "{p}");
        let k = compile(&p, &opts).unwrap();
        assert!(
            k.ptx.contains(".param .align 64 .b8 tmap_b_tail[128]"),
            "{p}"
        );
        let (p, opts) = warpgroup_plans(d, (279, 7870, 9801), MatLayout::ColMajor, b)[0].clone();
        assert!(p.transposed && p.cta_tile[1] == 160, "{p}");
        let k = compile(&p, &opts).unwrap();
        assert!(k.ptx.contains(".param .align 64 .b8 tmap_b_tail[128]"));
        let p = &warpgroup_plans(d, (529, 5146, 1364), MatLayout::ColMajor, b)[0].0;
        assert!(!p.transposed, "{p}");
    }
    for (p, _) in warpgroup_plans(
        GemmDType::F16,
        (4096, 4096, 4096),
        MatLayout::RowMajor,
        MatLayout::RowMajor,
    ) {
        assert_eq!(p.split_k, 1, "{p}");
    }
}

/// One test builds each kernel once for both its structural checks and ptxas (they were two
/// tests that planned and built the same 1700 kernels, 55 s of debug-built code in CI).
#[test]
fn every_warpgroup_kernel_round_trips_has_the_hopper_machinery_and_assembles() {
    let ptxas_ok =
        ptxas::require_or_skip("every_warpgroup_kernel_assembles_without_spills").is_some();
    let mut checks = Checks::new();
    let mut n = 0;
    for (dtype, a, b) in cases_with_mn_major_tf32(false) {
        for &shape in SHAPES {
            for (plan, opts) in warpgroup_plans(dtype, shape, a, b) {
                let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
                let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                // A lone grid's kernel builds the ring its plan carries (tessellate::ring).
                let [gm, gn, _] = plan.grid();
                if tessellate::ring::is_lone(opts.sms, gm * gn * plan.split_k.max(1)) {
                    assert_eq!(i64::from(k.stages), plan.stages, "{what}");
                }
                // Shared memory (stages, staging, barriers, alignment slack) within the
                // opt-in limit per CTA, so the launch cannot fail for it.
                assert!(
                    k.smem_bytes <= opts.smem_limit,
                    "{what}: {} bytes",
                    k.smem_bytes
                );
                for needle in [
                    "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes",
                    "mbarrier.try_wait.parity.shared::cta.b64",
                    "wgmma.mma_async.sync.aligned.m64n",
                    "wgmma.commit_group.sync.aligned",
                    ".param .align 64 .b8 tmap_b[128]",
                ] {
                    assert!(k.ptx.contains(needle), "{what}: no {needle}");
                }
                // The TMA-store epilogue (a third tensor map, over C) wherever C's pitch
                // allows; the largest tiles (128x256, four stages) still have room for it.
                let store = k
                    .tensor_maps
                    .iter()
                    .any(|m| m.operand == codegen::TmaOperand::C);
                assert!((2..=4).contains(&k.tensor_maps.len()), "{what}");
                assert_eq!(
                    store,
                    k.ptx.contains(".param .align 64 .b8 tmap_c[128]"),
                    "{what}"
                );
                assert_eq!(
                    store,
                    k.ptx
                        .contains("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group"),
                    "{what}"
                );
                // The caller's C row: the kernel's n, or a transposed plan's m.
                let c_row = if plan.transposed {
                    plan.problem.m
                } else {
                    plan.problem.n
                };
                if c_row % 4 != 0 {
                    assert!(!store, "{what}: C's pitch is not a multiple of 16 bytes");
                }
                // A transposed plan reads its A tiles from the caller's B and stages C's
                // boxes transposed (32 x 32 f32 boxes of the caller's C); above 128 rows
                // only at one CTA per SM.
                if plan.transposed {
                    if let Some(c) = k
                        .tensor_maps
                        .iter()
                        .find(|m| m.operand == codegen::TmaOperand::C)
                    {
                        assert_eq!(c.dims, [c_row as u64, plan.problem.n as u64], "{what}");
                        assert_eq!(c.box_dims, [32, 32], "{what}");
                        assert!(k.ptx.contains("st.shared.f32"), "{what}");
                    }
                    assert!(
                        plan.user_problem().m <= 128 || plan.modeled.ctas_per_sm == 1,
                        "{what}"
                    );
                    assert_eq!(k.tensor_maps[0].operand, codegen::TmaOperand::B, "{what}");
                    assert_eq!(k.tensor_maps[1].operand, codegen::TmaOperand::A, "{what}");
                }
                if plan.cta_tile[..2] == [128, 256]
                    && plan.stages == 4
                    && !plan.transposed
                    && c_row % 4 == 0
                {
                    assert!(store, "{what}");
                }
                // matrix-descriptor-encode masks the start address to 18 bits: a cluster's
                // shared addresses carry the CTA rank in bits 24-31 (the split-K bug of
                // BENCHMARKS run 5).
                assert!(
                    k.ptx.contains(", 262143;"),
                    "{what}: descriptor start not masked"
                );
                // Every (A, B) descriptor pair starts at the A and B tiles of a stage: one pair
                // per copy of the consumer code (one per consumer warpgroup), and with the
                // epilogue overlap more per copy, for the k-tiles it issues early.
                let offs = descriptor_offsets(&k.ptx);
                let copies = plan.workers[0] as usize;
                let per_copy = offs.len() / 2 / copies;
                assert_eq!(
                    offs,
                    [0, plan.cta_tile[0] * 128].repeat(copies * per_copy),
                    "{what}: A and B descriptors must start at the A and B tiles of a stage"
                );
                assert_eq!(
                    per_copy > 1,
                    k.ptx.contains("OVERLAP_SKIP"),
                    "{what}: {per_copy} descriptor pairs per consumer copy"
                );
                assert_eq!(
                    k.ptx.contains(".reqnctapercluster"),
                    plan.split_k > 1 || plan.multicast > 1,
                    "{what}"
                );
                // B multicast: each CTA loads its piece of B into both CTAs and releases
                // stages on its peer's barriers; with split-K one pair per k-split
                // (`decode::SPLIT_K_B_PAIRS`: split-K 2 or, `decode::WIDE_SPLIT_K4_MIN_K`,
                // 4 of two 64-row tile rows).
                let mc = plan.multicast > 1;
                if mc && plan.split_k > 1 {
                    assert!(matches!(plan.split_k, 2 | 4), "{what}");
                    assert_eq!((plan.multicast, gm), (2, 2), "{what}");
                    let cluster = format!(".reqnctapercluster {}, 1, 1", 2 * plan.split_k);
                    assert!(k.ptx.contains(&cluster), "{what}");
                }
                assert_eq!(k.ptx.contains(".multicast::cluster"), mc, "{what}");
                assert_eq!(
                    k.ptx.contains("mbarrier.arrive.shared::cluster.b64"),
                    mc,
                    "{what}"
                );
                // One arrival per consumer warpgroup and CTA of the multicast set releases a
                // stage (CUTLASS's consumer_release), not one per warp.
                let arrivals = plan.workers[0] * plan.multicast.max(1);
                let empty = empty_arrivals(&k.ptx);
                assert!(
                    !empty.is_empty() && empty.iter().all(|&n| n == arrivals),
                    "{what}: {empty:?}"
                );
                assert_eq!(k.grid[0] as i64 % plan.multicast, 0, "{what}");
                assert_eq!(k.grid[0] as i64 % plan.split_k, 0, "{what}");
                // Split-K reduces by scatter (codegen's `split_k`): each split pushes the
                // quads it does not own with `st.async` (PTX ISA 8.1) and stores its own
                // directly (every register it reads is written on every path to the read:
                // `codegen::compile` checks that of every kernel, since run 35-b's first
                // build read one only split 0's path wrote, and hung).
                let split = plan.split_k > 1;
                assert_eq!(k.ptx.contains("st.async.shared::cluster"), split, "{what}");
                assert_eq!(k.ptx.starts_with(".version 8.1"), split, "{what}");
                if split {
                    assert!(!k.ptx.contains("tmap_c"), "{what}");
                }
                // A persistent kernel strides over tiles by the grid size and launches no
                // more CTAs than the SMs hold; otherwise one CTA per tile (and k-split).
                assert_eq!(k.ptx.contains("%nctaid.x"), plan.persistent, "{what}");
                if plan.persistent {
                    assert!(plan.split_k == 1 && k.grid[0] <= 132 * 4, "{what}");
                    assert!(
                        k.grid[0] as i64
                            <= (gm + plan.multicast - 1) / plan.multicast * plan.multicast * gn,
                        "{what}"
                    );
                } else {
                    let rows = (gm + plan.multicast - 1) / plan.multicast * plan.multicast;
                    assert_eq!(k.grid[0] as i64, rows * gn * plan.split_k, "{what}");
                }
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                n += 1;
            }
        }
    }
    checks.finish();
    println!("{n} sm_90a warpgroup kernels checked (assembled without spills: {ptxas_ok})");
}

#[test]
fn narrow_b_tiles_load_their_tail_and_assemble_without_spills() {
    // 96-column B tiles (wgmma m64n96) where whole tiles cover N: every such plan of a
    // decode shape and a ragged one, every dtype and B layout; and 80-column tiles where a
    // column-major B's N is a multiple of 80 but not of 96. A row-major (MN-major) B holds
    // 96 columns as a whole 64-column chunk and a 32-column tail box through one more
    // tensor map (`hopper::layout`); a column-major one needs no tail.
    let Some(_) =
        ptxas::require_or_skip("narrow_b_tiles_load_their_tail_and_assemble_without_spills")
    else {
        return;
    };
    use MatLayout::{ColMajor as C, RowMajor as R};
    let mut checks = Checks::new();
    let mut n = 0;
    for dtype in [GemmDType::F16, GemmDType::BF16, GemmDType::TF32] {
        let layouts: &[MatLayout] = if dtype == GemmDType::TF32 {
            &[C]
        } else {
            &[C, R]
        };
        for &b in layouts {
            let mut shapes = vec![
                ((128, 6144, 4096), 96),
                ((1000, 960, 1000), 96),
                ((4096, 6144, 4096), 96),
            ];
            if b == C {
                shapes.push(((128, 5120, 5120), 80));
            }
            for (shape, width) in shapes {
                let narrow: Vec<_> = warpgroup_plans(dtype, shape, R, b)
                    .into_iter()
                    .filter(|(p, _)| p.cta_tile[1] == width && !p.transposed)
                    .collect();
                assert!(!narrow.is_empty(), "{dtype} {shape:?} {b:?}");
                for (plan, opts) in narrow {
                    // The planner gives them no B multicast (22-f: 5% slower with a
                    // column-major B; 23-d: 4% slower with a row-major one).
                    assert_eq!(plan.multicast, 1, "{plan}");
                    let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{plan}: {e}"));
                    assert!(
                        k.ptx
                            .contains(&format!("wgmma.mma_async.sync.aligned.m64n{width}k")),
                        "{plan}"
                    );
                    // After A's and B's own maps (and C's), a second map over B.
                    let tail = k.tensor_maps[2..]
                        .iter()
                        .find(|m| m.operand == codegen::TmaOperand::B);
                    assert_eq!(tail.is_some(), b == R, "{plan}");
                    assert_eq!(k.ptx.contains("tmap_b_tail"), b == R, "{plan}");
                    if let Some(t) = tail {
                        assert_eq!(t.box_dims, [32, k.tensor_maps[1].box_dims[1]], "{plan}");
                        // The kernel declares its map parameters in `tensor_maps`' order.
                        let declared: Vec<_> = ["tmap_a[", "tmap_b[", "tmap_c[", "tmap_b_tail["]
                            .into_iter()
                            .filter_map(|p| k.ptx.find(&format!(".b8 {p}")).map(|at| (at, p)))
                            .collect();
                        let mut sorted = declared.clone();
                        sorted.sort();
                        assert_eq!(declared, sorted, "{plan}");
                        assert_eq!(declared.len(), k.tensor_maps.len(), "{plan}");
                    }
                    // The stage's `full` barrier expects the bytes written: A, and B's 96
                    // columns (not the 128 its two chunks hold).
                    let eb = dtype.input_bytes();
                    let bk = plan.cta_tile[2];
                    let tx = (plan.cta_tile[0] + width) * bk * eb;
                    // (The producer's: a split-K kernel's reduction expects its own bytes.)
                    let producer = k.ptx.split("// split-K:").next().unwrap_or_default();
                    let expected: Vec<i64> = producer
                        .lines()
                        .filter(|l| l.contains("arrive.expect_tx"))
                        .filter_map(|l| l.trim_end_matches(';').rsplit(", ").next()?.parse().ok())
                        .collect();
                    assert_eq!(expected, [tx], "{plan}");
                    check_kernel(&mut checks, k.ptx, plan.to_string(), true);
                    n += 1;
                }
            }
            // Not where neither divides N, nor 80 columns of a row-major B (23-e: slower).
            let no_narrow = |shape| {
                warpgroup_plans(dtype, shape, R, b)
                    .iter()
                    .all(|(p, _)| ![80, 96].contains(&p.cta_tile[1]) || p.transposed)
            };
            assert!(no_narrow((128, 4096, 4096)), "{dtype} {b:?}");
            assert_eq!(no_narrow((128, 5120, 5120)), b == R, "{dtype} {b:?}");
        }
    }
    checks.finish();
    println!("{n} kernels with 80- and 96-column B tiles assembled without spills");
}

/// The swizzle mode wgmma reads a kernel's tiles with: bits 62-63 of the descriptors'
/// constant part (the `or.b64` immediate after the start address), one per operand.
fn descriptor_modes(ptx: &str) -> Vec<u64> {
    ptx.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("or.b64"))
        .filter_map(|l| {
            l.trim_end_matches(';')
                .rsplit(", ")
                .next()?
                .parse::<i64>()
                .ok()
        })
        .map(|x| (x as u64) >> 62)
        .collect()
}

/// 64B and 32B swizzle spans: the first plans of square, decode (transposed) and ragged
/// shapes in both majors and tf32 round-trip, read every tile with the span's wgmma mode
/// (2 for 64B, 3 for 32B) from tensor maps of the same swizzle, and assemble without spills.
#[test]
fn narrow_swizzle_kernels_use_their_mode_and_assemble_without_spills() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let ptxas_ok = ptxas::require_or_skip("narrow_swizzle_kernels").is_some();
    let mut checks = Checks::new();
    let mut n = 0;
    for (span, mode) in [(64, 2u64), (32, 3)] {
        for (dtype, a, b) in [
            (GemmDType::F16, R, R),
            (GemmDType::BF16, C, C),
            (GemmDType::TF32, R, C),
        ] {
            for shape in [(4096, 4096, 4096), (16, 4096, 4096), (1000, 1000, 1000)] {
                for (plan, opts) in swizzled_plans(dtype, shape, a, b, span).into_iter().take(6) {
                    let what = format!("{dtype} {shape:?} {a:?}/{b:?} span {span}\n{plan}");
                    assert_eq!(plan.cta_tile[2] * dtype.input_bytes(), span, "{what}");
                    let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                    assert!(k.smem_bytes <= opts.smem_limit, "{what}: {}", k.smem_bytes);
                    let modes = descriptor_modes(&k.ptx);
                    assert!(
                        modes.len() >= 2 && modes.iter().all(|&m| m == mode),
                        "{what}: {modes:?}"
                    );
                    for t in &k.tensor_maps[..2] {
                        assert_eq!(t.swizzle_bytes as i64, span, "{what}");
                    }
                    check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                    n += 1;
                }
            }
        }
    }
    checks.finish();
    println!("{n} narrow-swizzle sm_90a kernels checked");
}

/// Stream-K kernels (`Options::stream_k`): the first 12 ranked plans of every case at the
/// matrix shapes plus an L2-sized square and a ragged shape. Each round-trips, launches one
/// CTA per resident slot with a trap on any other grid, takes the workspace (one `u32` flag
/// per CTA) exactly where some unit is a partial tile, then adds contributor pieces into C
/// with a TMA reduce where it stores through TMA and `red.global.add.f32` on the direct
/// path, never clusters, and assembles without spills.
#[test]
fn stream_k_kernels_take_their_workspace_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("stream_k_kernels").is_some();
    let mut checks = Checks::new();
    let mut n = 0;
    let shapes = SHAPES
        .iter()
        .copied()
        .chain([(2048, 2048, 2048), (3000, 2056, 1032)]);
    for shape in shapes {
        for (dtype, a, b) in cases() {
            let opts = Options {
                top: 12,
                stream_k: true,
                ..Options::default()
            };
            for (plan, opts) in ranked_plans(dtype, shape, a, b, opts) {
                let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
                assert!(
                    plan.stream_k && plan.split_k == 1 && plan.multicast == 1,
                    "{what}"
                );
                let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                assert!(k.smem_bytes <= opts.smem_limit, "{what}");
                assert!(k.ptx.contains("trap;"), "{what}");
                assert!(!k.ptx.contains(".reqnctapercluster"), "{what}");
                let g = i64::from(k.grid[0]);
                assert!(g % 132 == 0 && g <= 132 * 4, "{what}: grid {g}");
                let [gm, gn, kt] = plan.grid();
                let sk = hopper::stream_k::StreamK::new(gm * gn, kt, g);
                let ws = if sk.has_partials() { g * 4 } else { 0 };
                assert_eq!(k.workspace_bytes as i64, ws, "{what}");
                assert_eq!(k.ptx.contains(".param .u64 W"), ws > 0, "{what}");
                let staged = k.ptx.contains(".b8 tmap_c[");
                let tma_add = k.ptx.contains("cp.reduce.async.bulk.tensor");
                assert_eq!(tma_add, ws > 0 && staged, "{what}");
                let red = k.ptx.contains("red.global.add.f32");
                assert_eq!(red, ws > 0 && !staged, "{what}");
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                n += 1;
            }
        }
    }
    checks.finish();
    println!("{n} stream-K kernels checked");
}

/// Ping-pong consumers (`CompileOptions::pingpong`): every persistent one-warpgroup plan of
/// every case at the matrix shapes plus a ragged one builds three warpgroups whose two
/// consumers hand the main loop to each other on named barriers 4 and 5, counts one
/// warpgroup's warps (per cluster CTA) on each `empty` barrier, round-trips, and assembles
/// without spills; any other plan is refused, never built wrong.
#[test]
fn pingpong_kernels_take_turns_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("pingpong_kernels").is_some();
    let mut checks = Checks::new();
    let (mut built, mut refused) = (0, 0);
    let shapes = SHAPES.iter().copied().chain([(3000, 2056, 1032)]);
    for shape in shapes {
        for (dtype, a, b) in cases() {
            for (plan, opts) in warpgroup_plans(dtype, shape, a, b) {
                let opts = CompileOptions {
                    pingpong: Some(true),
                    ..opts
                };
                let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
                let eligible = plan.workers[0] == 1 && plan.persistent && !plan.stream_k;
                let Some(k) = built_or_refused(&plan, &opts, eligible, "ping-pong", &what) else {
                    refused += 1;
                    continue;
                };
                assert_eq!(k.block[0], 384, "{what}");
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                for (c, other) in [(4, 5), (5, 4)] {
                    assert!(k.ptx.contains(&format!("bar.arrive {c}, 256;")), "{what}");
                    assert!(k.ptx.contains(&format!("bar.sync {other}, 256;")), "{what}");
                }
                // Each stage is read by the one warpgroup whose tile it holds.
                let empty = empty_arrivals(&k.ptx);
                assert!(
                    empty.iter().all(|&n| n == plan.multicast.max(1)),
                    "{what}: {empty:?}"
                );
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                built += 1;
            }
        }
    }
    checks.finish();
    assert!(built > 0 && refused > 0, "{built} built, {refused} refused");
    println!("{built} ping-pong kernels checked, {refused} plans refused");
}

/// Tensor maps ask for 128-byte L2 promotion on lone grids of 16-bit operands (decode
/// shapes) and 256 elsewhere: persistent grids and tf32 (measured slower with 128 on an
/// H100, docs/BENCHMARKS.md run 22-m).
#[test]
fn lone_16_bit_grids_ask_for_128_byte_l2_promotion() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    for (dtype, shape, b, want) in [
        (GemmDType::F16, (128, 6144, 4096), R, 128),
        (GemmDType::BF16, (16, 4096, 4096), R, 128),
        (GemmDType::F16, (4096, 4096, 4096), R, 256),
        (GemmDType::TF32, (128, 6144, 4096), C, 256),
    ] {
        let (plan, opts) = warpgroup_plans(dtype, shape, R, b).remove(0);
        let k = compile(&plan, &opts).unwrap();
        assert!(!k.tensor_maps.is_empty(), "{dtype} {shape:?}");
        for m in &k.tensor_maps {
            assert_eq!(
                m.l2_promotion_bytes, want,
                "{dtype} {shape:?} {:?}",
                m.operand
            );
        }
    }
}

/// A multicast (`CompileOptions::multicast_a`), for the top two plans without split-K of
/// every case at a square, two decode shapes (M = 16 ranks transposed plans first, whose A
/// is the caller's B) and a ragged shape, and at 32-byte spans (split-K plans:
/// `split_k_kernels_with_multicast_*`): a plan is refused for a reason of A multicast's
/// (stream-K), or its kernel has 2-CTA clusters in which each CTA multicasts its own piece
/// of every A box (rank * piece rows into the box, rank * piece bytes into the tile: A's
/// boxes are the only multicast copies), releases stages on both CTAs (two arrivals per
/// consumer warpgroup), takes no GPC-major order, round-trips, and assembles without spills.
#[test]
fn a_multicast_kernels_share_a_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("a_multicast_kernels").is_some();
    let mut checks = Checks::new();
    let (mut built, mut refused) = (0, 0);
    let shapes = [
        ((4096, 4096, 4096), 128),
        ((128, 6144, 4096), 128),
        ((3000, 2056, 1032), 128),
        ((16, 4096, 4096), 128),
        ((3000, 2056, 1032), 32),
    ];
    for (shape, swizzle) in shapes {
        for (dtype, a, b) in cases() {
            for (plan, opts) in swizzled_plans(dtype, shape, a, b, swizzle)
                .into_iter()
                .filter(|(p, _)| p.split_k == 1)
                .take(2)
            {
                let opts = CompileOptions {
                    multicast_a: Some(true),
                    ..opts
                };
                let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
                let eligible = !plan.stream_k;
                let Some(k) = built_or_refused(&plan, &opts, eligible, "A multicast", &what) else {
                    refused += 1;
                    continue;
                };
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                assert!(k.ptx.contains(".reqnctapercluster 2, 1, 1"), "{what}");
                assert_eq!(k.grid[0] % 2, 0, "{what}");
                assert!(k.cluster_order.is_none(), "{what}");
                // One multicast copy per A box (K-major: one; MN-major: one per chunk of
                // `span / eb` rows), each CTA's piece `rank * outer` rows (MN-major: k rows)
                // into the box and `rank * outer * span` bytes into the tile.
                let (eb, bm) = (dtype.input_bytes(), plan.cta_tile[0]);
                let span = plan.cta_tile[2] * eb;
                let (ka, kb) = if plan.transposed {
                    hopper::transposed_layouts(a, b)
                } else {
                    (a, b)
                };
                let ka = hopper::read_layouts(dtype, ka, kb).0;
                let (a_boxes, outer) = if ka == MatLayout::RowMajor {
                    (1, bm / 2)
                } else {
                    (bm / (span / eb), plan.cta_tile[2] / 2)
                };
                let rank = k
                    .ptx
                    .lines()
                    .find_map(|l| {
                        l.trim()
                            .strip_prefix("mov.u32 ")?
                            .strip_suffix(", %cluster_ctarank;")
                    })
                    .unwrap_or_else(|| panic!("{what}: no cluster rank"));
                for step in [outer, outer * span] {
                    let piece = format!(", {rank}, {step};");
                    assert!(
                        k.ptx
                            .lines()
                            .any(|l| l.contains("mul.lo.u32") && l.ends_with(&piece)),
                        "{what}: no piece offset {rank} * {step}"
                    );
                }
                let copies = k
                    .ptx
                    .lines()
                    .filter(|l| {
                        l.contains("cp.async.bulk.tensor") && l.contains(".multicast::cluster")
                    })
                    .count() as i64;
                assert_eq!(copies, a_boxes, "{what}");
                let empty = empty_arrivals(&k.ptx);
                assert!(
                    empty.iter().all(|&n| n == 2 * plan.workers[0]),
                    "{what}: {empty:?}"
                );
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                built += 1;
            }
        }
    }
    checks.finish();
    assert!(built > 0, "{built} built, {refused} refused");
    println!("{built} A-multicast kernels checked, {refused} plans refused");
}

/// A and B multicast over 2 x 2 clusters (`CompileOptions::multicast_ab`), for the top plan
/// of every case at a square, four decode shapes (M = 16 ranks transposed plans first, which
/// share A and B too since run 36; 128x1728x3360 and 128x1104x4608 split-K 2 and 4 plans)
/// and a ragged shape: a plan
/// is refused for stream-K or a cluster of more than 8 CTAs (split-K 4: one block per
/// k-split), or its kernel has clusters of `4 * split_k` CTAs
/// (a grid of whole ones; `resident_clusters` where it is persistent, so that a
/// launcher keeps to the clusters resident at once), multicasts every A box and every B
/// box (each to the two CTAs sharing it: masks `5 << row` and `3 << 2 * column`), releases
/// stages on the three CTAs that write into them (three arrivals per consumer warpgroup),
/// takes no GPC-major order, round-trips, and assembles without spills.
#[test]
fn block_multicast_kernels_share_a_and_b_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("block_multicast_kernels").is_some();
    let mut checks = Checks::new();
    let (mut built, mut refused) = (0, 0);
    let shapes = [
        (4096, 4096, 4096),
        (128, 6144, 4096),
        (3000, 2056, 1032),
        (16, 4096, 4096),
        (128, 1728, 3360),
        (128, 1104, 4608),
    ];
    for shape in shapes {
        for (dtype, a, b) in cases() {
            let (plan, opts) = warpgroup_plans(dtype, shape, a, b).remove(0);
            let opts = CompileOptions {
                multicast_ab: Some([2, 2]),
                ..opts
            };
            let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
            // With split-K, one block per k-split: at most 8 CTAs.
            let eligible = 4 * plan.split_k <= 8 && !plan.stream_k;
            let reason = if plan.stream_k {
                "A and B multicast"
            } else {
                "clusters of at most 8"
            };
            let Some(k) = built_or_refused(&plan, &opts, eligible, reason, &what) else {
                refused += 1;
                continue;
            };
            assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
            let cluster = 4 * plan.split_k;
            let want = format!(".reqnctapercluster {cluster}, 1, 1");
            assert!(k.ptx.contains(&want), "{what}");
            assert_eq!(k.grid[0] as i64 % cluster, 0, "{what}");
            assert!(k.cluster_order.is_none(), "{what}");
            assert_eq!(k.resident_clusters, plan.persistent.then_some(4), "{what}");
            for mask in ["shl.b32 %r", ", 5, %r", ", 3, %r"] {
                assert!(k.ptx.contains(mask), "{what}: no {mask:?}");
            }
            let (eb, [bm, bn, bk]) = (dtype.input_bytes(), plan.cta_tile);
            let per = 128 / eb;
            let boxes = |rows: i64, k_major: bool| if k_major { 1 } else { (rows + per - 1) / per };
            // A transposed kernel's A is the caller's B and its B the caller's A.
            let (ka, kb) = if plan.transposed {
                codegen::hopper::transposed_layouts(a, b)
            } else {
                (a, b)
            };
            let (ka, kb) = codegen::hopper::read_layouts(dtype, ka, kb);
            let want = boxes(bm, ka == MatLayout::RowMajor) + boxes(bn, kb == MatLayout::ColMajor);
            let copies = k
                .ptx
                .lines()
                .filter(|l| l.contains("cp.async.bulk.tensor") && l.contains(".multicast::cluster"))
                .count() as i64;
            assert_eq!((copies, bk * eb), (want, 128), "{what}");
            let empty = empty_arrivals(&k.ptx);
            assert!(
                empty.iter().all(|&n| n == 3 * plan.workers[0]),
                "{what}: {empty:?}"
            );
            check_kernel(&mut checks, k.ptx, what, ptxas_ok);
            built += 1;
        }
    }
    checks.finish();
    assert!(built > 0 && refused > 0, "{built} built, {refused} refused");
    println!("{built} 2 x 2 multicast kernels checked, {refused} plans refused");
}

/// Split-K grids whose k-splits also share operands (`CompileOptions::multicast` on,
/// `multicast_a` or `multicast_ab` on split-K plans; the decode rule `SPLIT_K_B_PAIRS` takes
/// B pairs with split-K 2): for every split-K plan among the top ten of four decode shapes
/// (ragged m, n and k at two; every layout and dtype case), B pairs, A pairs and 2 x 2
/// blocks build a kernel whose
/// cluster holds one multicast group per k-split (`split * mcast` CTAs, at most 8, else
/// refused), a whole number of clusters, multicast copies and remote stage releases, the
/// split-K reduction by `st.async` with owners found by cluster rank (`mapa` of a computed
/// rank), and no spills (`codegen::compile` runs the definite-assignment check on each).
#[test]
fn split_k_kernels_with_multicast_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("split_k_multicast_kernels").is_some();
    let mut checks = Checks::new();
    let (mut built, mut refused) = (0, 0);
    for shape in [
        (128, 1728, 3360),
        (120, 1000, 5000),
        (120, 1440, 8328),
        (80, 1720, 3704),
    ] {
        for (dtype, a, b) in cases() {
            for (plan, opts) in warpgroup_plans(dtype, shape, a, b)
                .into_iter()
                .take(10)
                .filter(|(p, _)| p.split_k > 1)
            {
                for (rows, cols) in [(2, 1), (1, 2), (2, 2)] {
                    let opts = CompileOptions {
                        multicast: (rows > 1).then_some(true),
                        multicast_a: (rows == 1).then_some(true),
                        multicast_ab: (rows > 1 && cols > 1).then_some([rows, cols]),
                        ..opts
                    };
                    let what = format!("{dtype} {shape:?} {a:?}/{b:?} {rows}x{cols}\n{plan}");
                    let cluster = plan.split_k * rows * cols;
                    // A transposed plan's B box (the caller's A) is cut along its rows,
                    // whole 8-row swizzle atoms each: m rows of a row-major A (k fastest),
                    // k rows of a column-major one (MN-major, 64 a box).
                    let cut_ok = !plan.transposed
                        || a == MatLayout::ColMajor
                        || (plan.cta_tile[1] / rows) % 8 == 0;
                    let eligible = cluster <= 8 && cut_ok;
                    let Some(k) = built_or_refused(&plan, &opts, eligible, "multicast", &what)
                    else {
                        refused += 1;
                        continue;
                    };
                    assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                    let want = format!(".reqnctapercluster {cluster}, 1, 1");
                    assert!(k.ptx.contains(&want), "{what}");
                    assert_eq!(k.grid[0] as i64 % cluster, 0, "{what}");
                    assert!(k.ptx.contains(".multicast::cluster"), "{what}");
                    assert!(
                        k.ptx.contains("mbarrier.arrive.shared::cluster.b64"),
                        "{what}"
                    );
                    assert!(k.ptx.contains("st.async.shared::cluster"), "{what}");
                    assert!(k.ptx.contains("%cluster_ctarank"), "{what}");
                    let empty = empty_arrivals(&k.ptx);
                    let peers = rows + cols - 1;
                    assert!(
                        empty.iter().all(|&n| n == peers * plan.workers[0]),
                        "{what}: {empty:?}"
                    );
                    check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                    built += 1;
                }
            }
        }
    }
    checks.finish();
    assert!(built > 0 && refused > 0, "{built} built, {refused} refused");
    println!("{built} split-K multicast kernels checked, {refused} refused");
}

/// B shared over four tile rows (plans of lone grids whose B rows straddle 128-byte lines,
/// `tessellate`'s `lone_b_share`, run 31): at three shapes (ragged M and N at one),
/// f16 and bf16 with a row-major A and B, every ranked plan with four-row clusters builds a
/// kernel of 4-CTA clusters, a whole number of them and at most the 30 an H100 holds, one
/// tile per CTA, each CTA multicasting its quarter of every B box to all four (mask 15),
/// every `empty` barrier counting the consumer warpgroups of all four CTAs; it round-trips
/// and assembles without spills.
#[test]
fn four_row_b_clusters_share_b_and_assemble_without_spills() {
    use MatLayout::RowMajor as R;
    let ptxas_ok = ptxas::require_or_skip("four_row_b_clusters").is_some();
    let mut checks = Checks::new();
    let mut built = 0;
    for shape in [(2872, 528, 4280), (2279, 736, 7616), (4399, 360, 3496)] {
        for dtype in [GemmDType::F16, GemmDType::BF16] {
            let four: Vec<_> = warpgroup_plans(dtype, shape, R, R)
                .into_iter()
                .filter(|(p, _)| p.multicast == 4)
                .collect();
            assert!(!four.is_empty(), "{dtype} {shape:?}: no four-row plan");
            for (plan, opts) in four {
                let what = format!("{dtype} {shape:?}\n{plan}");
                let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                assert!(k.ptx.contains(".reqnctapercluster 4, 1, 1"), "{what}");
                assert!(
                    k.grid[0].is_multiple_of(4) && k.grid[0] <= 120,
                    "{what}: {:?}",
                    k.grid
                );
                assert!(!plan.persistent && k.resident_clusters.is_none(), "{what}");
                assert!(k.cluster_order.is_none(), "{what}");
                assert!(k.ptx.contains(", 15;"), "{what}: no multicast mask 15");
                let empty = empty_arrivals(&k.ptx);
                assert!(
                    empty.iter().all(|&n| n == 4 * plan.workers[0]),
                    "{what}: {empty:?}"
                );
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                built += 1;
            }
        }
    }
    checks.finish();
    println!("{built} four-row multicast kernels checked");
}

/// Epilogue overlap (`CompileOptions::epilogue_overlap`): for the top plans of every case at
/// shapes of few k-tiles (ragged ones too), asked for two k-tiles in 128-column chunks, one
/// in 64-column chunks and five (more than most rings' stages), a kernel either is refused
/// for a reason of the overlap's, or has at least as many stages and issues
/// the next tile's k-tiles in chunk-wide wgmma (the main loop too, so that no accumulator
/// changes wgmma shape), waits for them before the next tile's main loop, and assembles
/// without spills or serialized wgmma. `Auto` takes 2x128 at 4096x4096x1024 f16 and at
/// 4096^3 (64 k-tiles), and nothing at K = 4160 (65).
#[test]
fn overlap_kernels_issue_chunks_and_assemble_without_spills() {
    use codegen::EpilogueOverlap;
    let ptxas_ok = ptxas::require_or_skip("overlap_kernels").is_some();
    let mut checks = Checks::new();
    let (mut built, mut refused) = (0, 0);
    for shape in [(4096, 4096, 1024), (2000, 2000, 1000), (1000, 1000, 1000)] {
        for (dtype, a, b) in cases() {
            let top = Options {
                top: 8,
                ..Options::default()
            };
            for (plan, opts) in ranked_plans(dtype, shape, a, b, top) {
                for (k_tiles, cols) in [(2, 128), (1, 64), (5, 128)] {
                    let opts = CompileOptions {
                        epilogue_overlap: EpilogueOverlap::On { k_tiles, cols },
                        ..opts
                    };
                    let what = format!("{dtype} {shape:?} {a:?}/{b:?} {k_tiles}x{cols}\n{plan}");
                    let k = match compile(&plan, &opts) {
                        Ok(k) => k,
                        Err(e) => {
                            assert!(e.to_string().contains("in the epilogue"), "{what}: {e}");
                            refused += 1;
                            continue;
                        }
                    };
                    assert!(plan.persistent && !plan.stream_k, "{what}");
                    // Every issued k-tile holds its own stage until the epilogue ends.
                    assert!(i64::from(k.stages) >= i64::from(k_tiles), "{what}");
                    let shapes: std::collections::BTreeSet<&str> = k
                        .ptx
                        .lines()
                        .filter_map(|l| l.trim().strip_prefix("wgmma.mma_async.sync.aligned."))
                        .map(|l| l.split('.').next().unwrap())
                        .collect();
                    assert_eq!(shapes.len(), 1, "{what}: {shapes:?}");
                    assert!(
                        shapes
                            .iter()
                            .all(|s| s.starts_with(&format!("m64n{cols}k")))
                    );
                    assert!(k.ptx.contains("OVERLAP_SKIP"), "{what}");
                    assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                    check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                    built += 1;
                }
            }
        }
    }
    checks.finish();
    assert!(built > 0 && refused > 0, "{built} built, {refused} refused");
    // `Auto` at the top plan, and whether an explicit 2x128 builds there: at 65 k-tiles only
    // the k-tile limit may turn `Auto` off.
    let auto = |k: i64| {
        let (plan, opts) = ranked_plans(
            GemmDType::F16,
            (4096, 4096, k),
            MatLayout::RowMajor,
            MatLayout::RowMajor,
            Options::default(),
        )
        .remove(0);
        let on = CompileOptions {
            epilogue_overlap: EpilogueOverlap::On {
                k_tiles: 2,
                cols: 128,
            },
            ..opts
        };
        let explicit = compile(&plan, &on).is_ok();
        (
            compile(&plan, &opts).unwrap().ptx.contains("OVERLAP_SKIP"),
            explicit,
        )
    };
    assert_eq!(auto(1024), (true, true));
    assert_eq!(auto(4096), (true, true));
    assert_eq!(auto(4160), (false, true));
    println!("{built} overlap kernels checked, {refused} plans refused");
}

/// Three consumer warpgroups (192-row tiles, run 17-o): at 3072x1024x3072 and the ragged
/// 3000x1000x3000 every case's best plain plan is a 192x128 tile of three 64-row warpgroups
/// (with a row-major A, since run 29 a transposed 128x192 grid of one round ranks above it),
/// built as 512 threads whose `empty` barriers count three warpgroups (per multicast CTA),
/// and it assembles without spills or serialized wgmma under the 128-register entry cap.
#[test]
fn three_warpgroup_tiles_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("three_warpgroup_tiles").is_some();
    let mut checks = Checks::new();
    for shape in [(3072, 1024, 3072), (3000, 1000, 3000)] {
        for (dtype, a, b) in cases() {
            let (plan, opts) = ranked_plans(dtype, shape, a, b, Options::default())
                .into_iter()
                .find(|(p, _)| !p.transposed)
                .unwrap();
            let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
            assert_eq!((plan.workers[0], plan.cta_tile[0]), (3, 192), "{what}");
            let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(k.block[0], 512, "{what}");
            let empty = empty_arrivals(&k.ptx);
            assert!(
                empty.iter().all(|&n| n == 3 * plan.multicast.max(1)),
                "{what}: {empty:?}"
            );
            check_kernel(&mut checks, k.ptx, what, ptxas_ok);
        }
    }
    checks.finish();
}

/// Where pairing an odd count of tile rows for B multicast would cost a wave, the default is
/// the unpaired persistent grid (tessellate's `pad_costs_wave`; docs/BENCHMARKS.md run 25):
/// 128x256, 192x128 (three warpgroups) and 256x128 tiles, ragged 4200x4000x4000 too. Each
/// default launches no clusters, multicasts nothing, counts one stage release per consumer
/// warpgroup, and assembles without spills.
#[test]
fn unpaired_grids_of_odd_tile_rows_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("unpaired_grids_of_odd_tile_rows").is_some();
    let mut checks = Checks::new();
    for (shape, tile) in [
        ((4224, 4096, 4096), [128, 256]),
        ((4200, 4000, 4000), [128, 256]),
        ((2048, 3072, 4096), [192, 128]),
        ((8320, 1024, 4096), [256, 128]),
    ] {
        for (dtype, a, b) in cases() {
            let (plan, opts) = ranked_plans(dtype, shape, a, b, Options::default()).remove(0);
            let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
            assert_eq!(plan.cta_tile[..2], tile, "{what}");
            assert!(plan.multicast == 1 && plan.persistent, "{what}");
            let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(!k.ptx.contains(".reqnctapercluster"), "{what}");
            assert!(!k.ptx.contains(".multicast::cluster"), "{what}");
            let empty = empty_arrivals(&k.ptx);
            assert!(
                !empty.is_empty() && empty.iter().all(|&n| n == plan.workers[0]),
                "{what}: {empty:?}"
            );
            check_kernel(&mut checks, k.ptx, what, ptxas_ok);
        }
    }
    checks.finish();
}

/// Above 128 rows the default of a narrow-N problem is a transposed grid with 160-wide tiles
/// along the caller's m (docs/BENCHMARKS.md run 26) wherever A is row-major (a transposed
/// plan reads the caller's A as its K-major B): 192x160, 128x160 and 64x160 tiles, ragged
/// m, n and k. Each stages C through transposed TMA-store boxes (a third tensor map, over
/// the caller's C, 32 x 32 f32 boxes; run 29), lone grids with deep rings giving up stages
/// for it (29-g), and assembles without spills; a column-major A keeps a plain plan in tf32
/// and, in f16 / bf16, takes a transposed one where the model says (run 52; those assemble
/// without spills too). Its B
/// is shared across a
/// 2-CTA cluster (TMA multicast) where A's rows straddle 32-byte sectors and K > 1536 (run
/// 27): here the 16-bit shapes of the second group, whose rows of 16336, 6000 and 6096
/// bytes straddle them, and no tf32 one (rows of whole sectors). (K 3000 and 3048 stand for
/// run 27's 4280 and 7784: at K >= 3072 run 43's lone-grid L2 term ranks 64x192 and, in tf32,
/// 128x192 tiles first there.)
#[test]
fn transposed_grids_above_128_rows_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("transposed_grids_above_128_rows").is_some();
    let mut checks = Checks::new();
    for (shape, rows, shares) in [
        ((5464, 1296, 6224), 192, false),
        ((3464, 616, 1464), 128, false),
        ((520, 1976, 1320), 64, false),
        ((1920, 1816, 8168), 192, true),
        ((2000, 1216, 3000), 128, true),
        ((1376, 792, 3048), 64, true),
    ] {
        for (dtype, a, b) in cases() {
            let (plan, opts) = ranked_plans(dtype, shape, a, b, Options::default()).remove(0);
            let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
            if a == MatLayout::ColMajor {
                // tf32 keeps a plain plan; a 16-bit A's MN-major tiles the model decides.
                if plan.transposed {
                    assert!(dtype != GemmDType::TF32, "{what}");
                    let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                    check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                }
                continue;
            }
            let mc = if shares && dtype != GemmDType::TF32 {
                2
            } else {
                1
            };
            assert!(plan.transposed, "{what}");
            assert_eq!(plan.cta_tile[..2], [rows, 160], "{what}");
            assert_eq!(
                (plan.multicast, plan.modeled.ctas_per_sm),
                (mc, 1),
                "{what}"
            );
            let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(k.tensor_maps.len(), 3, "{what}");
            assert_eq!(k.tensor_maps[2].box_dims, [32, 32], "{what}");
            assert!(
                k.ptx
                    .contains("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group"),
                "{what}"
            );
            assert_eq!(k.ptx.contains(".multicast::cluster"), mc == 2, "{what}");
            assert_eq!(
                k.ptx.contains(".reqnctapercluster 2, 1, 1"),
                mc == 2,
                "{what}"
            );
            check_kernel(&mut checks, k.ptx, what, ptxas_ok);
        }
    }
    checks.finish();
}

/// Batched GEMMs on the Hopper path: every ranked warpgroup plan (top 6 per case) of a
/// ragged, a square, a decode-like and a split-K batch is one grid over all batches' tile slots whose
/// loads and TMA stores address a 3-D tensor map (batch as dimension 2, box extent 1, each
/// batch's own extents and stride), never stream-K, transposed only in tf32 with a row-major
/// B (its A from registers; a column-major A through its transposing copy), and assembles
/// without spills.
#[test]
fn batched_kernels_address_3d_maps_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("batched_kernels").is_some();
    let mut checks = Checks::new();
    let mut n = 0;
    let mut split = 0;
    let mut tails = 0;
    for (batch, shape) in [
        (3, (1000, 1000, 1000)),
        (8, (1024, 1024, 512)),
        (4, (128, 4096, 4096)),
        (2, (128, 1024, 8192)),
        // 96-column tiles of a row-major B take a 3-D tail map (run 23-m ran them).
        (2, (128, 6144, 4096)),
    ] {
        for (dtype, a, b) in cases_with_mn_major_tf32(true) {
            // Batches of tf32 with a row-major B may rank warp-level plans first (the model
            // charges every batch's transposing copy to the plain warpgroup ones): their best
            // six warpgroup plans, wherever they rank.
            let copied = hopper::read_layouts(dtype, a, b) != (a, b);
            let opts = Options {
                top: if copied { 60 } else { 6 },
                ..Options::default()
            };
            let plans: Vec<_> = batched_plans(dtype, shape, batch, a, b, opts)
                .into_iter()
                .take(6)
                .collect();
            assert!(!plans.is_empty(), "{dtype} {batch} x {shape:?} {a:?}/{b:?}");
            for (plan, opts) in plans {
                let what = format!("{dtype} {batch} x {shape:?} {a:?}/{b:?}\n{plan}");
                // Transposed batched plans only where they save tf32 a B copy.
                let (m, nn, kk) = shape;
                let caller = GemmProblem::new(m, nn, kk, batch, dtype).unwrap();
                let t_ok = hopper::supports_transposed(&caller, true, a, b).is_ok();
                assert!((t_ok || !plan.transposed) && !plan.stream_k, "{what}");
                let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                assert!(k.ptx.contains("cp.async.bulk.tensor.3d"), "{what}");
                assert!(!k.ptx.contains("bulk.tensor.2d"), "{what}");
                let eb = dtype.input_bytes() as u64;
                // The maps name the caller's operands, a transposed plan's too. The kernel's
                // B (the caller's B, or a transposed plan's caller's A) may be read from its
                // transposing copy: its m or n rows of k elements at a 16-byte multiple pitch.
                use codegen::TmaOperand::{A, B, C};
                let (ka, kb) = if plan.transposed {
                    hopper::transposed_layouts(a, b)
                } else {
                    (a, b)
                };
                let (kernel_b, b_rows) = if plan.transposed { (A, m) } else { (B, nn) };
                let b_copied = hopper::read_layouts(dtype, ka, kb).1 != kb;
                for t in &k.tensor_maps {
                    assert_eq!(t.batch, batch as u64, "{what}");
                    let per = match t.operand {
                        op if b_copied && op == kernel_b => {
                            b_rows as u64 * hopper::transpose::pitch(kk) as u64
                        }
                        A => (m * kk) as u64 * eb,
                        B => (kk * nn) as u64 * eb,
                        C => (m * nn) as u64 * 4,
                    };
                    assert_eq!(t.batch_stride_bytes, per, "{what}");
                    assert_eq!(t.batch_stride_bytes % 16, 0, "{what}");
                }
                // Every batch's tile slots: one CTA each, or the resident slots looping.
                let [gm, gn, _] = plan.grid();
                let mc = plan.multicast.max(1);
                let slots = batch * ((gm + mc - 1) / mc) * mc * gn * plan.split_k.max(1);
                let g = i64::from(k.grid[0]);
                if plan.persistent {
                    assert!(g <= slots && g <= 4 * 132, "{what}: grid {g} of {slots}");
                } else {
                    assert_eq!(g, slots, "{what}");
                }
                tails += i64::from(k.ptx.contains("tmap_b_tail"));
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                split += i64::from(plan.split_k > 1);
                n += 1;
            }
        }
    }
    checks.finish();
    // Split-K clusters (one tile's splits) stay inside a batch too.
    assert!(split > 0, "no split-K plan among the batched ones");
    assert!(tails > 0, "no batched kernel with a B tail map");
    println!("{n} batched kernels checked ({split} split-K)");
}

/// A batched grid counts every batch's tiles: 32 batches of 512^3 in 128x64 tiles (32 tiles
/// a batch, 1024 in all) keep two CTAs per SM (264 resident), where one batch alone is a
/// lone grid of one CTA per SM. (The first batched build counted one batch's tiles and ran
/// 32 x 512^3 at one CTA per SM, 0.74x cuBLAS on an H100, docs/BENCHMARKS.md run 13-a.)
#[test]
fn batched_grids_count_every_batchs_tiles() {
    use MatLayout::RowMajor as R;
    let pick = |batch| {
        batched_plans(
            GemmDType::F16,
            (512, 512, 512),
            batch,
            R,
            R,
            Options::default(),
        )
        .into_iter()
        .find(|(p, _)| p.cta_tile[..2] == [128, 64] && p.workers[0] == 1)
        .unwrap()
    };
    let (plan, opts) = pick(32);
    assert!(plan.persistent && plan.modeled.ctas_per_sm >= 2, "{plan}");
    assert_eq!(compile(&plan, &opts).unwrap().grid[0], 264, "{plan}");
    let (plan, opts) = pick(1);
    assert_eq!(compile(&plan, &opts).unwrap().grid[0], 32, "{plan}");
}

/// Stream-K plans take one batch, and so do transposed ones but in tf32 with a row-major B
/// (which they read from registers instead of copying it): asked for on a batched GEMM, the
/// plan is refused with a reason, never built over one batch only.
#[test]
fn batched_gemms_refuse_stream_k_and_transposed_plans() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let p = GemmProblem::new(16, 4096, 4096, 2, GemmDType::F16).unwrap();
    let why = hopper::supports_transposed(&p, true, R, R).unwrap_err();
    assert!(why.contains("batched"), "{why}");
    let tf32 = GemmProblem::new(16, 4096, 4096, 2, GemmDType::TF32).unwrap();
    assert!(hopper::supports_transposed(&tf32, true, R, R).is_ok());
    let why = hopper::supports_transposed(&tf32, true, R, C).unwrap_err();
    assert!(why.contains("batched"), "{why}");
    // A column-major A: tf32 through its transposing copy; 16-bit read MN-major, at any M.
    let one = |m, d| GemmProblem::new(m, 4096, 4096, 1, d).unwrap();
    assert!(hopper::supports_transposed(&one(16, GemmDType::TF32), true, C, R).is_ok());
    assert!(hopper::supports_transposed(&one(16, GemmDType::F16), true, C, R).is_ok());
    assert!(hopper::supports_transposed(&one(200, GemmDType::F16), true, C, R).is_ok());
    let stream_k = Options {
        top: 4,
        stream_k: true,
        ..Options::default()
    };
    assert!(
        batched_plans(GemmDType::F16, (2048, 2048, 2048), 2, R, R, stream_k)
            .iter()
            .all(|(p, _)| !p.stream_k)
    );
    let (plan, opts) = batched_plans(
        GemmDType::F16,
        (2048, 2048, 2048),
        2,
        R,
        R,
        Options::default(),
    )
    .into_iter()
    .next()
    .unwrap();
    let forced = CompileOptions {
        stream_k: Some(true),
        ..opts
    };
    let why = compile(&plan, &forced).unwrap_err().to_string();
    assert!(why.contains("stream-K plan of a batched GEMM"), "{why}");
}

/// A batch's C offset is 64-bit: at 40000 x 40000 one batch's f32 C is 6.4 GB, past what a
/// `mul.wide.u32` immediate holds; the direct-store epilogue multiplies in `u64` and the
/// kernel assembles.
#[test]
fn batched_c_offsets_pass_4_gib() {
    use MatLayout::RowMajor as R;
    let (plan, opts) = batched_plans(
        GemmDType::F16,
        (40000, 40000, 64),
        2,
        R,
        R,
        Options::default(),
    )
    .into_iter()
    .next()
    .unwrap();
    let opts = CompileOptions {
        tma_store: Some(false),
        ..opts
    };
    let k = compile(&plan, &opts).unwrap();
    assert!(k.ptx.contains(", 6400000000;"), "{plan}");
    if ptxas::require_or_skip("batched_c_offsets_pass_4_gib").is_some() {
        ptxas::assemble(&k.ptx, "sm_90a").unwrap();
    }
}

/// Heterogeneous warpgroup tiles (tf32, FFMA columns beside wgmma): every such plan ranked
/// at two forced ratios, over the shapes above and a ragged one whose last tile's FFMA
/// columns are half in bounds, narrows the wgmma by the FFMA columns, keeps the whole tile's
/// accumulator fragment (the epilogue stores the FFMA columns with the wgmma's), issues the
/// FFMAs between the commit and the wait, and assembles without spills, with the TMA-store
/// epilogue, direct stores and ping-pong consumers. f16 plans split that way are refused.
#[test]
fn ffma_column_kernels_narrow_the_wgmma_and_assemble_without_spills() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let ptxas_ok = ptxas::require_or_skip("ffma_column_kernels").is_some();
    let mut checks = Checks::new();
    let mut assembled = std::collections::HashSet::new();
    let mut n = 0;
    for shape in SHAPES.iter().copied().chain([(1000, 2300, 1000)]) {
        for ratio in [0.03, 0.08] {
            let opts = Options {
                top: 12,
                ratio: Some(ratio),
                warpgroup_vector: true,
                ..Options::default()
            };
            let all = common::warpgroup_plans(GemmDType::TF32, shape, 1, R, C, opts, true);
            for (plan, copts) in all.into_iter().filter(|(p, _)| p.regions.len() == 2) {
                let cols = plan.worker_tile()[1] - plan.regions[1].lo[1];
                let wgmma = format!("m64n{}k8.f32.tf32", plan.worker_tile()[1] - cols);
                for (tma_store, pingpong) in [(None, None), (Some(false), None), (None, Some(true))]
                {
                    let opts = CompileOptions {
                        tma_store,
                        pingpong,
                        ..copts
                    };
                    let what =
                        format!("{shape:?} ratio {ratio} {tma_store:?} {pingpong:?}\n{plan}");
                    let k = match compile(&plan, &opts) {
                        Ok(k) => k,
                        Err(e) if pingpong.is_some() && e.to_string().contains("ping-pong") => {
                            continue;
                        }
                        Err(e) => panic!("{what}: {e}"),
                    };
                    assert!(k.ptx.contains(&wgmma), "{what}");
                    let body = k.ptx.split("commit_group").nth(1).unwrap_or_default();
                    let before_wait = body.split("wait_group").next().unwrap_or_default();
                    assert!(before_wait.contains("fma.rn.f32"), "{what}");
                    assert!(before_wait.contains("ld.shared.v4.f32"), "{what}");
                    // Every warp also reads the stage with ld.shared after its wgmma, so
                    // each warp releases it (four arrivals per reading warpgroup).
                    let readers = if pingpong.is_some() {
                        1
                    } else {
                        plan.workers[0]
                    };
                    let cluster = k.module.entries[0].cluster_x.unwrap_or(1) as i64;
                    let empty = empty_arrivals(&k.ptx);
                    assert!(
                        empty.iter().all(|&n| n == 4 * readers * cluster),
                        "{what}: {empty:?}"
                    );
                    assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                    // Ratio 0.08 ranks many of 0.03's plans again, and `tma_store: Some(false)`
                    // builds the default kernel where that has no TMA store: 141 of 374
                    // kernels repeat one before them, and ptxas would give the same report.
                    if assembled.insert(k.ptx.clone()) {
                        check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                    }
                    n += 1;
                }
            }
        }
    }
    checks.finish();
    assert!(n > 0);
    println!("{n} FFMA-column kernels checked");
    let problem = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::F16).unwrap();
    let t = hw_models::target("sm_90a", None).unwrap();
    let opts = Options {
        top: 1000,
        warpgroup_vector: true,
        ..Options::default()
    };
    let f16 = plans(&problem, &t, &opts).unwrap();
    let mixed = f16
        .plans
        .iter()
        .find(|p| p.worker_threads == 128 && p.regions.len() == 2)
        .expect("an f16 heterogeneous warpgroup plan");
    let copts = CompileOptions {
        smem_limit: t.smem_max_per_cta,
        smem_per_sm: t.smem_bytes_per_sm,
        sms: t.sms,
        ..CompileOptions::default()
    };
    let e = compile(mixed, &copts).unwrap_err().to_string();
    assert!(e.contains("tf32, 128-byte spans only"), "{e}");
}

/// Every ranked warpgroup plan, with its compile options and a description, at the decode
/// and square shapes (16x4096x4096, 128x4096x4096, 1000^3) of every case with a row-major A
/// (a column-major A is loaded in boxes as a row-major B is).
fn row_major_a_plans() -> Vec<(Plan, CompileOptions, String)> {
    let mut v = Vec::new();
    for shape in [(16, 4096, 4096), (128, 4096, 4096), (1000, 1000, 1000)] {
        for (dtype, a, b) in cases().into_iter().filter(|c| c.1 == MatLayout::RowMajor) {
            for (plan, opts) in warpgroup_plans(dtype, shape, a, b) {
                let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
                v.push((plan, opts, what));
            }
        }
    }
    v
}

/// L2 prefetch (`CompileOptions::l2_prefetch`): every plan of [`row_major_a_plans`] takes
/// it, prefetches each box it loads twice in its PTX (the tile's first fill past the ring,
/// and one k-tile a turn of the main loop), and assembles without spills; without the
/// option no kernel prefetches. (Which boxes it asks for:
/// `hopper_simulate`'s `l2_prefetch_asks_for_the_boxes_the_ring_loads_later`.)
#[test]
fn l2_prefetch_kernels_prefetch_their_loads_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("l2_prefetch_kernels").is_some();
    let mut checks = Checks::new();
    let mut built = 0;
    for (plan, opts, what) in row_major_a_plans() {
        let plain = compile(&plan, &opts).unwrap();
        let prefetches = |ptx: &str| ptx.matches("cp.async.bulk.prefetch.tensor").count();
        assert_eq!(prefetches(&plain.ptx), 0, "{what}");
        let opts = CompileOptions {
            l2_prefetch: Some(4),
            ..opts
        };
        let k = compile(&plan, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
        // The producer warpgroup's loads (an epilogue overlap's are the consumers').
        let producer = k.ptx.split("// producer warpgroup").nth(1).unwrap();
        let producer = producer.split("\nCONSUMER").next().unwrap();
        let loads = producer.matches("cp.async.bulk.tensor").count();
        assert!(loads > 0, "{what}");
        assert_eq!(prefetches(producer), 2 * loads, "{what}");
        assert_eq!(prefetches(&k.ptx), 2 * loads, "{what}");
        check_kernel(&mut checks, k.ptx, what, ptxas_ok);
        built += 1;
    }
    checks.finish();
    assert!(built > 0);
    println!("{built} L2-prefetch kernels checked");
}

/// Programmatic dependent launch (`CompileOptions::pdl`): every plan of
/// [`row_major_a_plans`] takes it; its kernel asks to be launched as a programmatic
/// dependent, lets the next grid launch first thing (`griddepcontrol.launch_dependents`),
/// waits for the previous grid once in the producer, before its first TMA load, and once in
/// the consumers, and assembles without spills; with it off no kernel has a
/// `griddepcontrol`, and by default (`Pdl::Auto`) every kernel is the one built with it on. (That no thread touches global memory before its wait:
/// `hopper_simulate`'s `pdl_kernels_wait_before_touching_global_memory` and its PDL
/// variants.)
#[test]
fn pdl_kernels_wait_for_the_previous_grid_and_assemble_without_spills() {
    use emit_ptx::ast::{Op, Stmt};
    let ptxas_ok = ptxas::require_or_skip("pdl_kernels").is_some();
    let mut checks = Checks::new();
    let mut built = 0;
    for (plan, opts, what) in row_major_a_plans() {
        let with = |pdl| compile(&plan, &CompileOptions { pdl, ..opts });
        let plain = with(codegen::Pdl::Off).unwrap();
        assert!(!plain.ptx.contains("griddepcontrol"), "{what}");
        assert!(!plain.programmatic_launch, "{what}");
        let k = with(codegen::Pdl::On).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(with(codegen::Pdl::Auto).unwrap().ptx, k.ptx, "{what}");
        assert!(k.programmatic_launch, "{what}");
        assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
        let first = k.module.entries[0].body.iter().find_map(|s| match s {
            Stmt::Instr(i) => Some((i.op, i.mods.clone())),
            _ => None,
        });
        let launch = (Op::Griddepcontrol, vec!["launch_dependents".to_string()]);
        assert_eq!(first, Some(launch), "{what}");
        // One in the GEMM, one at the top of each operand copy's entry.
        assert_eq!(
            k.ptx.matches("griddepcontrol.launch_dependents;").count(),
            1 + k.padded.len()
        );
        assert_eq!(
            k.ptx.matches("griddepcontrol.wait;").count(),
            2 + k.padded.len(),
            "{what}"
        );
        let producer = k.ptx.split("// producer warpgroup").nth(1).unwrap();
        let (wait, load) = (
            producer.find("griddepcontrol.wait;").unwrap(),
            producer.find("cp.async.bulk.tensor").unwrap(),
        );
        assert!(wait < load, "{what}");
        let consumers = producer.split("\nCONSUMER").nth(1).unwrap();
        assert!(consumers.contains("griddepcontrol.wait;"), "{what}");
        check_kernel(&mut checks, k.ptx, what, ptxas_ok);
        built += 1;
    }
    checks.finish();
    assert!(built > 0);
    println!("{built} PDL kernels checked");
}

/// k-pair consumers (`CompileOptions::k_pair`): every ranked plan of every case at the decode
/// and square shapes is built where it can be (one warpgroup, non-persistent, no split-K or
/// stream-K, two k-tiles or more) and refused with the reason elsewhere; a built kernel
/// runs 384 threads, its stages are each read by one warpgroup (one release per writer
/// CTA), warpgroup 1 hands its partial tile over on named barrier 6, its shared memory (the
/// partial tile and the epilogue's staging beside the ring) fits the CTA's limit, and it
/// assembles without spills.
#[test]
fn k_pair_kernels_split_the_k_tiles_and_assemble_without_spills() {
    let ptxas_ok = ptxas::require_or_skip("k_pair_kernels").is_some();
    let mut checks = Checks::new();
    let (mut built, mut refused) = (0, 0);
    let shapes = [
        (16, 4096, 4096),
        (128, 4096, 4096),
        (1000, 1000, 1000),
        (4096, 4096, 4096),
        // 128x64 tiles of one warpgroup: a 32 KiB partial beside TMA-store staging (run
        // 41-b's 300x2000x1000 bf16 kernel overran the CTA's shared memory before the two
        // counted together).
        (296, 2000, 1000),
    ];
    for shape in shapes {
        for (dtype, a, b) in cases() {
            for (plan, opts) in warpgroup_plans(dtype, shape, a, b) {
                let opts = CompileOptions {
                    k_pair: true,
                    ..opts
                };
                let what = format!("{dtype} {shape:?} {a:?}/{b:?}\n{plan}");
                let eligible = plan.workers[0] == 1
                    && !plan.persistent
                    && plan.split_k == 1
                    && !plan.stream_k
                    && plan.grid()[2] >= 2;
                let reason = "splitting the k-tiles";
                let Some(k) = built_or_refused(&plan, &opts, eligible, reason, &what) else {
                    refused += 1;
                    continue;
                };
                assert_eq!(k.block[0], 384, "{what}");
                assert!(
                    k.dynamic_smem_bytes <= opts.smem_limit,
                    "{what}: {}",
                    k.dynamic_smem_bytes
                );
                assert_eq!(parse_module(&k.ptx).unwrap(), k.module, "{what}");
                assert!(k.ptx.contains("bar.arrive 6, 256;"), "{what}");
                assert!(k.ptx.contains("bar.sync 6, 256;"), "{what}");
                let empty = empty_arrivals(&k.ptx);
                let writers = plan.multicast.max(1) + plan.multicast_a.max(1) - 1;
                assert!(empty.iter().all(|&n| n == writers), "{what}: {empty:?}");
                check_kernel(&mut checks, k.ptx, what, ptxas_ok);
                built += 1;
            }
        }
    }
    checks.finish();
    assert!(built > 0 && refused > 0, "{built} built, {refused} refused");
    println!("{built} k-pair kernels checked, {refused} plans refused");
}
