//! Runs the tile loops that [`Shape::open_tiles`] and [`Shape::close_tiles`] emit in the
//! PTX simulator (`ptx-sim`), for every CTA of a schedule:
//! - stream-K: each CTA visits exactly the units [`StreamK::units`] lists, in that order, at
//!   the tile origins of the launch order. The kernel's loop is PTX integer arithmetic; the
//!   schedule's proofs (exact cover, the order of a tile's pieces) are about `units`; this
//!   ties the two together.
//! - GPC-major cluster order ([`super::order`]): with any permutation in the order table,
//!   the grid visits every tile once, each cluster's CTAs the two rows of one tile column,
//!   logical cluster `l` first at band slot `l`; with another grid, launch order.
//! - A multicast, and A and B multicast over 2 x 2 blocks of tiles: the grid visits every
//!   tile once, each cluster's CTAs the tiles of one block (rank = row within the block,
//!   then column), on any grid of whole clusters, in either launch order; with split-K,
//!   every tile and k-split once, one block per split (rank = split, then place in the
//!   block) over that split's k-tiles.
//! - The launch order without multicast, m or n fastest ([`Shape::n_first`]): each CTA
//!   visits the tiles of an order built by enumeration, persistent or one CTA per tile; and
//!   which order `Shape::of` picks by default.

use std::sync::OnceLock;

use emit_ptx::ast::{Entry, Module, Op, Operand, Param, ParamType, RegClass};
use proptest::prelude::*;
use ptx_sim::{Arg, Global, Launch};
use tessellate::{GemmDType, GemmProblem, Plan};

use super::Shape;
use super::stream_k::StreamK;
use crate::builder::{Builder, addr, imm, r, sym, vec};
use crate::{CodegenError, CompileOptions};

/// A one-thread kernel of `sh`'s tile loop whose body writes `(m0, n0, kbeg, count)` of
/// each visit to the CTA's next 16-byte slot of `out` (`slots` per CTA); `order` is the
/// cluster order table it holds (where `sh` has one).
fn loop_kernel(sh: &Shape, slots: i64, order: Option<Vec<u16>>) -> Module {
    let mut b = Builder::default();
    let (out, next) = (b.reg(RegClass::B64), b.reg(RegClass::B64));
    b.emit(
        Op::Ld,
        "param.u64",
        vec![r(out), Operand::addr(sym("out"), 0)],
    );
    let cta = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(cta), sym("%ctaid.x")]);
    b.emit(Op::Mul, "wide.u32", vec![r(next), r(cta), imm(slots * 16)]);
    b.emit(Op::Add, "u64", vec![r(next), r(next), r(out)]);
    let (lp, at) = sh.open_tiles(&mut b, "T");
    let visit = vec(&[at.m0, at.n0, at.kbeg, at.count]);
    b.emit(Op::St, "global.v4.u32", vec![addr(next, 0), visit]);
    b.emit(Op::Add, "u64", vec![r(next), r(next), imm(16)]);
    sh.close_tiles(&mut b, lp);
    b.emit(Op::Ret, "", vec![]);
    let mut entry = Entry::new("tile_loop");
    entry.params = vec![Param::new(ParamType::U64, "out")];
    entry.regs = b.decls();
    entry.body = b.body;
    Module {
        version: (8, 0),
        target: "sm_90a".into(),
        consts: order
            .map(|values| emit_ptx::ast::ConstArray {
                name: super::order::ORDER_SYMBOL.into(),
                values,
            })
            .into_iter()
            .collect(),
        entries: vec![entry],
    }
}

/// Runs the loop on `ctas` one-thread CTAs of `slots` slots each (all-ones until written);
/// each CTA's visits.
fn run(module: &Module, ctas: i64, slots: i64) -> Vec<Vec<[u32; 4]>> {
    let mut g = Global::default();
    let out = g.alloc(vec![0xFF; (ctas * slots * 16) as usize]);
    let launch = Launch {
        grid: [ctas as u32, 1, 1],
        block: [1, 1, 1],
        dynamic_smem: 0,
    };
    ptx_sim::run(module, "tile_loop", &launch, &[Arg::U64(out)], &mut g).unwrap();
    let words = g.words(out).unwrap();
    words
        .chunks((slots * 4) as usize)
        .map(|cta| {
            cta.chunks(4)
                .map(|v| [v[0], v[1], v[2], v[3]])
                .take_while(|v| *v != [u32::MAX; 4])
                .collect()
        })
        .collect()
}

/// Compile options with the target's shared memory and SM count (`mosaic compile`'s
/// defaults).
fn target_options(t: &hw_models::Target) -> CompileOptions {
    CompileOptions {
        smem_limit: t.smem_max_per_cta,
        smem_per_sm: t.smem_bytes_per_sm,
        sms: t.sms,
        ..CompileOptions::default()
    }
}

/// A 4096^3 f16 shape to vary: the default plan's (persistent, B multicast, GPC-major
/// clusters), or with `stream_k` the stream-K plan's. Each plan is ranked once.
fn shape_4096(stream_k: bool) -> Shape {
    static PLANS: OnceLock<[(Plan, CompileOptions); 2]> = OnceLock::new();
    let plans = PLANS.get_or_init(|| {
        [false, true].map(|stream_k| {
            let t = hw_models::target("sm_90a", None).unwrap();
            let p = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::F16).unwrap();
            let opts = tessellate::Options {
                stream_k,
                ..tessellate::Options::default()
            };
            let plan = tessellate::plans(&p, &t, &opts).unwrap().plans.remove(0);
            let copts = CompileOptions {
                stream_k: stream_k.then_some(true),
                ..target_options(&t)
            };
            (plan, copts)
        })
    });
    let (plan, copts) = &plans[usize::from(stream_k)];
    Shape::of(plan, copts).unwrap()
}

/// Checks every CTA of `gm x gn` tiles of `kt` k-tiles on `ctas` CTAs, launch-order groups
/// of `group` tile rows.
fn check(gm: i64, gn: i64, kt: i64, ctas: i64, group: i64) {
    let mut sh = shape_4096(true);
    let sk = StreamK::new(gm * gn, kt, ctas);
    (sh.gm, sh.gn, sh.kt_count, sh.raster_group, sh.sk) = (gm, gn, kt, group, Some(sk));
    let (bm, bn) = (sh.stage_readers() * sh.wm, sh.bn);
    // One slot more than any CTA's units, so a loop that ran on would write past them.
    let slots = (0..ctas)
        .map(|g| sk.units(g).len() as i64)
        .max()
        .unwrap_or(0)
        + 1;
    let seen = run(&loop_kernel(&sh, slots, None), ctas, slots);
    let order = launch_order(gm, gn, group, false);
    for (g, seen) in seen.iter().enumerate() {
        let want: Vec<[u32; 4]> = sk
            .units(g as i64)
            .iter()
            .map(|u| {
                let (m, n) = order[u.tile as usize];
                [m * bm, n * bn, u.k0, u.count].map(|x| x as u32)
            })
            .collect();
        assert_eq!(seen, &want, "{sk:?} CTA {g}");
    }
}

/// Checks the GPC-ordered loop over `gm x gn` tiles (`gm` even: whole multicast pairs of
/// rows) in bands of `width` columns, for an order table of `clusters` entries (`table` a
/// permutation of them), launched on `launched` CTAs.
fn check_ordered(gm: i64, gn: i64, width: i64, clusters: i64, table: &[u16], launched: i64) {
    let mut sh = shape_4096(false);
    assert_eq!((sh.mc_rows, sh.mc_cols), (2, 1));
    (sh.gm, sh.gn, sh.raster_group, sh.cluster_order) = (gm, gn, width, Some(clusters));
    let (bm, bn) = (sh.stage_readers() * sh.wm, sh.bn);
    let slots = (gm * gn + launched - 1) / launched + 1;
    let module = loop_kernel(&sh, slots, Some(table.to_vec()));
    let seen = run(&module, launched, slots);
    let mut count = vec![0; (gm * gn) as usize];
    for (cta, visits) in seen.iter().enumerate() {
        let (cluster, rank) = (cta as i64 / 2, cta as i64 % 2);
        let first = if launched == clusters * 2 {
            i64::from(table[cluster as usize])
        } else {
            cluster
        };
        for (i, v) in visits.iter().enumerate() {
            let (m0, n0) = (i64::from(v[0]), i64::from(v[1]));
            let slot = first + i as i64 * launched / 2;
            let (pm, n) = super::order::band_tile(slot, gm / 2, gn, width);
            assert_eq!(
                (m0, n0),
                ((2 * pm + rank) * bm, n * bn),
                "CTA {cta} visit {i}"
            );
            count[((2 * pm + rank) * gn + n) as usize] += 1;
        }
    }
    assert!(count.iter().all(|&c| c == 1), "{count:?}");
}

#[test]
fn ordered_loops_cover_every_tile_once() {
    // 4096^3: 32 x 16 tiles, 66 clusters, run 18-c's table (cuBLAS's on that H100).
    let table: Vec<u16> = vec![
        0, 1, 2, 3, 4, 8, 16, 24, 32, 40, 48, 57, 5, 9, 17, 25, 33, 41, 49, 58, 6, 10, 18, 26, 34,
        42, 50, 59, 7, 11, 19, 27, 35, 43, 51, 60, 12, 20, 28, 36, 44, 52, 61, 13, 21, 29, 37, 45,
        53, 62, 14, 22, 30, 38, 46, 54, 63, 15, 23, 31, 39, 47, 55, 64, 56, 65,
    ];
    check_ordered(32, 16, 8, 66, &table, 132);
    // Another grid than the table's: launch order.
    check_ordered(32, 16, 8, 66, &table, 100);
    let identity: Vec<u16> = (0..66).collect();
    check_ordered(32, 16, 8, 66, &identity, 132);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn ordered_loops_cover_with_any_permutation(
        pairs in 1i64..12, gn in 1i64..12, width in 1i64..10, clusters in 1i64..40, seed in any::<u64>()
    ) {
        // A permutation of 0..clusters from the seed (Fisher-Yates with an LCG).
        let mut table: Vec<u16> = (0..clusters as u16).collect();
        let mut x = seed | 1;
        for i in (1..table.len()).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            table.swap(i, (x >> 33) as usize % (i + 1));
        }
        check_ordered(2 * pairs, gn, width, clusters, &table, 2 * clusters);
    }
}

/// Checks the multicast loop over `gm x gn` tiles in blocks of `rows x cols` tiles (one
/// cluster each, or with `split` k-splits one block per split) and launch-order groups of
/// `group` block rows, on `launched` CTAs (persistent, whole clusters) or one CTA per tile
/// slot: every tile (and k-split) once, and visit by visit the cluster's CTAs take one block,
/// rank `r` split `s = r / (rows * cols)` and of the block, with `p = r mod (rows * cols)`,
/// row `p mod rows` and column `p / rows`; split `s` its share of the k-tiles.
fn check_block_multicast(
    (gm, gn, group): (i64, i64, i64),
    (rows, cols): (i64, i64),
    launched: Option<i64>,
    split: i64,
) {
    let mut sh = shape_4096(false);
    (sh.gm, sh.gn, sh.raster_group, sh.split) = (gm, gn, group, split);
    // Either launch order covers the blocks alike.
    sh.n_first = (gm + gn + group) % 2 == 1;
    (sh.mc_rows, sh.mc_cols) = (rows, cols);
    (sh.cluster_order, sh.persistent) = (None, launched.is_some());
    let (bm, bn) = (sh.stage_readers() * sh.wm, sh.bn);
    // Whole blocks: a ragged edge leaves slots past M or N.
    let (brows, bcols) = ((gm + rows - 1) / rows, (gn + cols - 1) / cols);
    let slots_all = brows * bcols * rows * cols * split;
    assert_eq!(sh.tile_slots(), slots_all);
    let ctas = launched.unwrap_or(slots_all);
    let slots = (slots_all + ctas - 1) / ctas + 1;
    let seen = run(&loop_kernel(&sh, slots, None), ctas, slots);
    let (mcast, cluster) = (rows * cols, rows * cols * split);
    let kt_per = (sh.kt_count + split - 1) / split;
    let mut count = vec![0; (gm * gn * split) as usize];
    for (cta, visits) in seen.iter().enumerate() {
        let (first, rank) = (cta as i64 / cluster * cluster, cta as i64 % cluster);
        let (ks, place) = (rank / mcast, rank % mcast);
        let lead = &seen[first as usize];
        assert_eq!(visits.len(), lead.len(), "CTA {cta}");
        for (v, w) in visits.iter().zip(lead) {
            let (m, n) = (i64::from(v[0]) / bm, i64::from(v[1]) / bn);
            let (lm, ln) = (i64::from(w[0]) / bm, i64::from(w[1]) / bn);
            assert_eq!(
                (m % rows, n % cols),
                (place % rows, place / rows),
                "CTA {cta}: its place in the block"
            );
            let kbeg = ks * kt_per;
            assert_eq!(
                (i64::from(v[2]), i64::from(v[3])),
                (kbeg, (sh.kt_count - kbeg).min(kt_per)),
                "CTA {cta}: split {ks}'s k-tiles"
            );
            assert_eq!(
                (m / rows, n / cols),
                (lm / rows, ln / cols),
                "CTA {cta}: its block"
            );
            assert!(
                m < brows * rows && n < bcols * cols,
                "CTA {cta}: ({m}, {n})"
            );
            if m < gm && n < gn {
                count[((m * gn + n) * split + ks) as usize] += 1;
            }
        }
    }
    assert!(count.iter().all(|&c| c == 1), "{count:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn a_multicast_loops_cover_every_tile_once(
        gm in 1i64..12, gn in 1i64..12, group in 1i64..10, clusters in 1i64..40, persistent in any::<bool>()
    ) {
        check_block_multicast((gm, gn, group), (1, 2), persistent.then_some(2 * clusters), 1);
    }

    #[test]
    fn b_multicast_loops_cover_every_tile_once(
        gm in 1i64..20, gn in 1i64..12, group in 1i64..10, clusters in 1i64..40,
        persistent in any::<bool>(), four in any::<bool>()
    ) {
        let rows = if four { 4 } else { 2 };
        check_block_multicast((gm, gn, group), (rows, 1), persistent.then_some(rows * clusters), 1);
    }

    #[test]
    fn block_multicast_loops_cover_every_tile_once(
        gm in 1i64..12, gn in 1i64..12, group in 1i64..10, clusters in 1i64..40, persistent in any::<bool>()
    ) {
        check_block_multicast((gm, gn, group), (2, 2), persistent.then_some(4 * clusters), 1);
    }

    /// Split-K grids whose k-splits share operands (one CTA per tile slot, at most 8 CTAs a
    /// cluster): B pairs, A pairs and 2 x 2 blocks, split two or four ways.
    #[test]
    fn split_k_multicast_loops_cover_every_tile_and_split_once(
        gm in 1i64..8, gn in 1i64..8, group in 1i64..6, block in 0usize..3, four in any::<bool>()
    ) {
        let (rows, cols) = [(2, 1), (1, 2), (2, 2)][block];
        let split = if four && rows * cols == 2 { 4 } else { 2 };
        check_block_multicast((gm, gn, group), (rows, cols), None, split);
    }
}

/// The launch order of `gm x gn` tiles in groups of `group` tile rows, m fastest (or with
/// `n_first` of tile columns, n fastest), listed group by group: built by enumeration,
/// apart from the kernel's division and remainder arithmetic.
fn launch_order(gm: i64, gn: i64, group: i64, n_first: bool) -> Vec<(i64, i64)> {
    let (gf, gs) = if n_first { (gn, gm) } else { (gm, gn) };
    let mut order = Vec::new();
    for start in (0..gf).step_by(group as usize) {
        for slow in 0..gs {
            for fast in start..(start + group).min(gf) {
                order.push(if n_first { (slow, fast) } else { (fast, slow) });
            }
        }
    }
    order
}

/// Checks the loop over `gm x gn` tiles without multicast, cluster order or stream-K, in
/// launch-order groups of `group` tile rows (or columns with `n_first`), on `launched`
/// persistent CTAs or one CTA per tile: CTA `c` visits tiles `c, c + launched, ...` of
/// [`launch_order`].
fn check_launch_order(gm: i64, gn: i64, group: i64, n_first: bool, launched: Option<i64>) {
    let mut sh = shape_4096(false);
    (sh.gm, sh.gn, sh.raster_group, sh.n_first) = (gm, gn, group, n_first);
    (sh.mc_rows, sh.mc_cols, sh.cluster_order) = (1, 1, None);
    sh.persistent = launched.is_some();
    let (bm, bn) = (sh.stage_readers() * sh.wm, sh.bn);
    let order = launch_order(gm, gn, group, n_first);
    let ctas = launched.unwrap_or(gm * gn);
    let slots = (gm * gn + ctas - 1) / ctas + 1;
    let seen = run(&loop_kernel(&sh, slots, None), ctas, slots);
    for (cta, visits) in seen.iter().enumerate() {
        let want: Vec<(i64, i64)> = order
            .iter()
            .skip(cta)
            .step_by(ctas as usize)
            .copied()
            .collect();
        let got: Vec<(i64, i64)> = visits
            .iter()
            .map(|v| (i64::from(v[0]) / bm, i64::from(v[1]) / bn))
            .collect();
        assert_eq!(got, want, "CTA {cta} of {ctas}");
    }
}

#[test]
fn launch_orders_go_m_or_n_fastest() {
    // 18 x 6 tiles (2279x736 in 128x128 tiles, run 30-b), one CTA per tile: n fastest
    // visits (0, 0), (0, 1), ...
    check_launch_order(18, 6, 8, true, None);
    check_launch_order(18, 6, 8, false, None);
    assert_eq!(launch_order(3, 2, 8, true)[..3], [(0, 0), (0, 1), (1, 0)]);
    assert_eq!(launch_order(3, 2, 8, false)[..3], [(0, 0), (1, 0), (2, 0)]);
}

/// The default plan's kernel shape at `m x n x k` f16 (row-major A and B) on sm_90a (H100),
/// ranked as `mosaic compile` ranks (plain and transposed warpgroup plans), with
/// `raster_n_first` as given.
fn default_shape(
    m: i64,
    n: i64,
    k: i64,
    raster_n_first: Option<bool>,
) -> Result<Shape, CodegenError> {
    batched_shape(1, m, n, k, raster_n_first)
}

/// [`default_shape`] of `batch` GEMMs of `m x n x k`.
fn batched_shape(
    batch: i64,
    m: i64,
    n: i64,
    k: i64,
    raster_n_first: Option<bool>,
) -> Result<Shape, CodegenError> {
    let t = hw_models::target("sm_90a", None).unwrap();
    let p = GemmProblem::new(m, n, k, batch, GemmDType::F16).unwrap();
    let opts = tessellate::Options {
        warpgroups: true,
        transposed_warpgroups: true,
        narrow_b_tiles: true,
        b_pitch_bytes: Some(super::b_pitch_bytes(&p, crate::MatLayout::RowMajor)),
        ..tessellate::Options::default()
    };
    let plan = tessellate::plans(&p, &t, &opts).unwrap().plans.remove(0);
    let copts = CompileOptions {
        raster_n_first,
        ..target_options(&t)
    };
    Shape::of(&plan, &copts)
}

/// The default launch order (`n_first`, runs 30 and 31): n fastest on lone grids without
/// split-K of tiles of 128+ rows whose rows span more of m than the columns of n (transposed
/// ones with at most four tile columns), m fastest elsewhere; `--raster-order` overrides it,
/// and n fastest is refused where a GPC-major cluster order orders the tiles. (K below 3072
/// where the grids are lone: above it since run 43 the model charges them the L2 fill and
/// ranks other tiles first; the shapes of runs 30 and 31 had K 3240, 3968 and 8384.)
#[test]
fn default_launch_orders() {
    let n_first = |m, n, k| default_shape(m, n, k, None).unwrap().n_first;
    // Plain lone grids: 128x64 tiles, 20 x 6 (2546x344x3048); 128x128, 16 x 8
    // (2296x864x4304); 192x64, 8 x 16 (1536x1000x1024).
    for (m, n, k) in [(2546, 344, 3048), (2296, 864, 4304), (1536, 1000, 1024)] {
        assert!(n_first(m, n, k), "{m}x{n}x{k}");
    }
    // 64-row tiles (584x264x2624, 64x64); a transposed grid of 3 tile columns (552x5376x3248)
    // and of 8 (1183x1992x3008); columns spanning more (328x5776x5312); a persistent grid
    // (4096^3, GPC-major clusters); a decode grid of one tile column (128x5120x5120).
    assert!(!n_first(584, 264, 2624));
    assert!(n_first(552, 5376, 3248));
    assert!(!n_first(1183, 1992, 3008));
    assert!(!n_first(328, 5776, 5312));
    assert!(!n_first(4096, 4096, 4096));
    assert!(!n_first(128, 5120, 5120));
    // A split-K lone grid (976x400x3008: 128x64 tiles, 8 x 7, two k-splits per cluster) keeps
    // m fastest (run 31-b); n fastest when asked.
    let split = default_shape(976, 400, 3008, None).unwrap();
    assert!(split.lone && split.split > 1 && !split.n_first);
    assert!(default_shape(976, 400, 3008, Some(true)).unwrap().n_first);
    assert!(default_shape(584, 264, 2624, Some(true)).unwrap().n_first);
    assert!(!default_shape(2546, 344, 3048, Some(false)).unwrap().n_first);
    assert!(default_shape(4096, 4096, 4096, Some(true)).is_err());
    // Two batches of 2546x344x3048: the same lone tiles, m fastest; n fastest when asked.
    let two = |n_first| batched_shape(2, 2546, 344, 3048, n_first).unwrap();
    assert!(two(None).lone && !two(None).n_first);
    assert!(two(Some(true)).n_first);
    // A stream-K kernel orders its units itself: n fastest is refused there too.
    let t = hw_models::target("sm_90a", None).unwrap();
    let p = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::F16).unwrap();
    let opts = tessellate::Options {
        stream_k: true,
        ..tessellate::Options::default()
    };
    let plan = tessellate::plans(&p, &t, &opts).unwrap().plans.remove(0);
    let copts = CompileOptions {
        stream_k: Some(true),
        raster_n_first: Some(true),
        ..target_options(&t)
    };
    assert!(Shape::of(&plan, &copts).is_err());
    let copts = CompileOptions {
        raster_n_first: None,
        ..copts
    };
    assert!(Shape::of(&plan, &copts).unwrap().sk.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn launch_orders_visit_every_tile_in_order(
        gm in 1i64..20, gn in 1i64..20, group in 1i64..10, n_first in any::<bool>(),
        ctas in 1i64..60, persistent in any::<bool>()
    ) {
        check_launch_order(gm, gn, group, n_first, persistent.then_some(ctas));
    }
}

#[test]
fn the_4096_cube_block_loop_covers_it_on_128_ctas() {
    // 2 x 2 blocks of 128x256 tiles: 16 x 8 blocks on 32 clusters of four (an H100 and an
    // H200 hold 30 at once; any grid of whole clusters covers the tiles, as the proptest
    // above checks).
    check_block_multicast((32, 16, 8), (2, 2), Some(128), 1);
}

#[test]
fn the_4096_cube_loop_visits_the_schedule() {
    check(32, 16, 64, 132, 8);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn emitted_loops_visit_the_schedule(
        gm in 1i64..20, gn in 1i64..20, kt in 1i64..70, ctas in 1i64..140, group in 1i64..10
    ) {
        check(gm, gn, kt, ctas, group);
    }
}
