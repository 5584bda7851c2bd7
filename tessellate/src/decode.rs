//! Ranking rules for decode shapes (`M <= 128`, one batch, transposed warpgroup plans
//! allowed: a row-major A; since run 50 a tf32 one read through its transposing copy, since
//! run 51 a 16-bit column-major one read MN-major):
//! what the model does not see there, measured. The model
//! charges no L2 traffic, so where A's rows straddle 32-byte sectors it cannot tell grids
//! whose CTAs read all of A's rows from grids whose CTAs read half of them
//! ([`DECODE_A_ROWS_FACTOR`]), nor what sharing A and B over a cluster saves against a
//! split-K plan ([`DECODE_AB_OVER_SPLIT_K_CTAS`]; the blocks themselves: [`crate::block`]);
//! and where it ties plans, the widest wgmma goes first ([`wide_first`]).

use std::cmp::Ordering;

use crate::block::block_ctas;
use crate::generate::{Options, a_rows_straddle_sectors};
use crate::plan::Plan;
use crate::problem::GemmProblem;

/// Whether `problem` is a decode shape under `opts`: at most 128 rows, one batch, with
/// transposed warpgroup plans ranked (as `codegen::hopper::supports_transposed` allows).
pub(crate) fn is_decode(problem: &GemmProblem, opts: &Options) -> bool {
    opts.transposed_warpgroups && problem.m <= 128 && problem.batch == 1
}

/// Whether a decode problem takes 64x96 tiles although 96 does not divide N (its last tile
/// column read in part): 16-bit inputs, [`RAGGED_96_MIN_M`] to 128 rows, and only where
/// such tiles share A and B in a block ([`ragged_96_kept`], `crate::block`). At M = 128 the
/// 64x128 grids leave SMs idle where 64x96 fill more of them: at 128x4928x5480 cuBLAS
/// runs 104 CTAs of 64x96 (run 32-d), mosaic's default 80 of 64x128 in 2 x 2 blocks (0.80
/// of cuBLAS); 104 CTAs of 64x96 in 2 x 2 blocks ran 1.09x faster (0.88 of cuBLAS), and
/// 1.08x at 121x4904x3000 (docs/BENCHMARKS.md run 36-b, H200). Where offering them moved
/// the default among fresh seeded decode shapes (H200):
/// - to a block of 64x96 tiles: 1.09-1.18x faster at five shapes (seed 152, 97 to 128 rows,
///   f16; run 36-c) and 1.01-1.37x, 1.135x in geomean, at all 13 out of sample (36-d:
///   seeds 153 to 155, 80 to 128 rows, f16, bf16, column-major B; 121x4232x5576 0.75 ->
///   0.86 of cuBLAS, 97x4488x9032 0.76 -> 0.91);
/// - to split-K 64x96 grids of one wave: 0.93-1.10x at seven (36-c), but 1.005x in geomean
///   out of sample (36-d, 35 shapes, 17 slower, 0.87-0.98x): not kept;
/// - to plain 64x96 grids (one tile per CTA, unshared) replacing transposed or 64-column
///   grids: 0.95-1.12x, 1.01x in geomean (36-c, eleven, three slower): not kept.
pub(crate) fn ragged_96(problem: &GemmProblem, opts: &Options) -> bool {
    is_decode(problem, opts)
        && problem.m >= RAGGED_96_MIN_M
        && problem.n % 96 != 0
        && problem.dtype.input_bytes() == 2
}

/// Rows from which a decode problem may take 64x96 tiles where 96 does not divide N
/// ([`ragged_96`]): two 64-row tile rows, where the A and B blocks start
/// (`crate::block::AB_BLOCK`).
const RAGGED_96_MIN_M: i64 = 65;

/// Whether a plan of a [`ragged_96`] problem stays ranked: any plan but a plain 96-column
/// grid that does not share A and B in a block.
pub(crate) fn ragged_96_kept(p: &Plan) -> bool {
    p.cta_tile[1] != 96 || p.transposed || p.multicast_a > 1
}

/// The decode rule applied to the modeled plans before they are sorted: the charge on
/// plans whose CTAs read more than 64 of A's sector-straddling rows.
pub(crate) fn adjust(out: &mut [Plan], problem: &GemmProblem) {
    if problem.m >= DECODE_TWO_ROWS_MIN_M && problem.k >= 1024 && a_rows_straddle_sectors(problem) {
        for p in out.iter_mut().filter(|p| a_rows_per_cta(p) > 64) {
            p.modeled.cycles *= DECODE_A_ROWS_FACTOR;
            p.modeled.tflops /= DECODE_A_ROWS_FACTOR;
        }
    }
}

/// The tie-break between two decode plans of equal modeled cycles: the widest tensor
/// instruction first, then a transposed plan (see the sort in [`crate::generate::plans`]).
pub(crate) fn wide_first(a: &Plan, b: &Plan) -> Ordering {
    (widest_n(b), b.transposed).cmp(&(widest_n(a), a.transposed))
}

/// Where the first of the sorted plans is split-K: a wide split-K 4 grid sharing B goes
/// first where one fits ([`wide_split_k4_fits`]), the first plan is split-K 2 or a block
/// would go before it, and K is at least [`WIDE_SPLIT_K4_MIN_K`]; otherwise the first A and
/// B block grid of [`DECODE_AB_OVER_SPLIT_K_CTAS`] CTAs or more goes before it, unless the
/// split-K plan can share B over its two tile rows instead ([`split_k_pairs_fit`] on a GPU
/// holding `resident[1]` CTAs in 4-CTA clusters at once), which it then does. `resident`:
/// CTAs the GPU holds at once in clusters of one or two, four and eight (where known).
pub(crate) fn blocks_before_split_k(
    out: &mut Vec<Plan>,
    problem: &GemmProblem,
    resident: [Option<i64>; 3],
) {
    let Some(first) = out.first().filter(|p| p.split_k > 1) else {
        return;
    };
    let block = out.iter().position(|p| {
        p.multicast_a > 1
            && block_ctas(p, [p.multicast, p.multicast_a]) >= DECODE_AB_OVER_SPLIT_K_CTAS
    });
    if (first.split_k == 2 || block.is_some())
        && problem.k >= WIDE_SPLIT_K4_MIN_K
        && let Some(oct) = resident[2]
        && let Some(i) = out.iter().position(|p| wide_split_k4_fits(p, oct))
    {
        let mut wide = out.remove(i);
        wide.multicast = SPLIT_K_B_PAIRS;
        out.insert(0, wide);
        return;
    }
    let Some(i) = block else {
        return;
    };
    if resident[1].is_some_and(|ctas| split_k_pairs_fit(&out[0], ctas)) {
        out[0].multicast = SPLIT_K_B_PAIRS;
    } else {
        out[..=i].rotate_right(1);
    }
}

/// Where the first ranked plan of a decode problem of 65 to 128 rows (16-bit inputs, N and
/// K at least [`TRANSPOSED_SPLIT_K_MIN_NK`]) is a grid of two 64-row tile rows (not
/// transposed: one tile a CTA, split-K or in a block), a transposed split-K grid whose
/// clusters all fit the GPU at once ([`one_wave`]) goes first: up to
/// [`TRANSPOSED_SPLIT_K_MAX_M`] rows the first such grid, above (K at least
/// [`TRANSPOSED_SPLIT_K4_MIN_K`]) the first split four ways of 128-row tiles with CTAs for at
/// least half the SMs (above [`TRANSPOSED_SPLIT_K4_MAX_M`] rows, at most
/// [`TRANSPOSED_SPLIT_K4_FULL_ROW_CTAS`]). Its CTAs each take a slab of B (the weights)
/// for a k-split and every row of A as wgmma's n, so no CTA reads B for a tile row that is
/// partly masked and each B element reaches one SM. The model sees neither (it charges a
/// lone grid no L2 traffic, nor the bytes each SM takes in). `resident`: CTAs the GPU holds
/// at once in clusters of one or two (its SMs), four and eight (where known). Measured on
/// an H200 (docs/BENCHMARKS.md run 38), against the plain defaults, `--plan N`:
/// - 38-c, 13 grids of 72 to 96 rows with 122 to 132 CTAs (the 80-row grids 0.63-0.74 of
///   cuBLAS in run 37): the transposed split-K 2 grid of 64xM tiles 1.28-1.56x faster at all
///   13 (80x3992x8064 0.73 -> 1.14 of cuBLAS, 88x3904x5008 0.67 -> 1.06); the transposed
///   grid without split-K (half the CTAs) 1.09-1.40x;
/// - 38-d, fresh shapes (seeds 184-186, f16): at 65 to 96 rows 15 of 15 faster, 1.08-1.52x
///   (87x3552x6912 0.74 -> 1.11 of cuBLAS); at 101 to 109 rows, where the second tile row is
///   more than half full, split-K 2 of 64-row tiles five of five slower (0.87-0.98x);
/// - 38-e, out of sample, every default the rule moved among seeds 187-189 (65 to 96 rows,
///   N and K of 1024 or more; f16, bf16, column-major B; 48 shapes): **1.246x in geomean, all
///   48 faster** (1.02-1.63x; 73x3280x5760 with a column-major B 0.64 -> 1.03 of cuBLAS,
///   65x4168x2800 0.64 -> 1.01);
/// - 38-f, 38-g, 97 to 112 rows: split-K 4 of 128-row tiles in 68 to 104 CTAs 1.02-1.25x at
///   13 of 14 (0.90x at K = 1024), in 36 to 48 CTAs 0.83-1.10x (nine of ten slower);
/// - 38-h, out of sample, every default that part moved among seeds 194-197 (97 to 112
///   rows; f16, bf16, column-major B; 29 shapes): **1.184x in geomean, 28 faster**, one
///   0.99x (97x2656x8240 0.74 -> 1.13 of cuBLAS, 97x3408x4560 column-major B 0.65 -> 0.92);
/// - 38-i, 113 to 128 rows: split-K 4 of 128-row tiles 1.06x in geomean at 19 (four
///   0.97-0.996x, all with 104 CTAs or more), so taken there in at most
///   [`TRANSPOSED_SPLIT_K4_FULL_ROW_CTAS`]; 38-j, out of sample (seeds 203-205, 25 moved
///   defaults): **1.097x in geomean, 20 faster**, 0.987x and 0.911x (127x2320x2048 with a
///   column-major B) (117x2360x9216 bf16 0.78 -> 1.08 of cuBLAS, 113x2224x5824 0.81 -> 1.06).
pub(crate) fn transposed_split_k_first(
    out: &mut [Plan],
    problem: &GemmProblem,
    resident: [Option<i64>; 3],
) {
    if problem.m <= 64
        || !measured_range(
            problem,
            TRANSPOSED_SPLIT_K_MIN_NK,
            TRANSPOSED_SPLIT_K_MIN_NK,
        )
    {
        return;
    }
    // The most CTAs the split-K 4 grid may have above TRANSPOSED_SPLIT_K_MAX_M rows (None:
    // any split-K grid of one wave).
    let most = if problem.m <= TRANSPOSED_SPLIT_K_MAX_M {
        None
    } else if problem.k < TRANSPOSED_SPLIT_K4_MIN_K {
        return;
    } else if problem.m <= TRANSPOSED_SPLIT_K4_MAX_M {
        Some(i64::MAX)
    } else {
        Some(TRANSPOSED_SPLIT_K4_FULL_ROW_CTAS)
    };
    if out
        .first()
        .is_none_or(|p| p.transposed || p.cta_tile[0] != 64)
    {
        return;
    }
    let sms = resident[0].unwrap_or(0);
    first_where(out, |p| {
        p.transposed
            && p.split_k > 1
            && !p.stream_k
            && one_wave(p, resident)
            && most.is_none_or(|most| {
                p.split_k == 4 && p.cta_tile[0] == 128 && 2 * ctas(p) >= sms && ctas(p) <= most
            })
    });
}

/// Where the first ranked plan of a decode problem of at most [`LONE_ROW_SPLIT_K4_MAX_M`]
/// rows (16-bit inputs, N and K at least [`TRANSPOSED_SPLIT_K_MIN_NK`]) is a transposed grid
/// of 64-row tiles without split-K on at most [`LONE_ROW_SPLIT_K4_MAX_CTAS`] CTAs (about half
/// the SMs idle), the first transposed split-K 4 grid of one wave with more CTAs goes first.
/// Measured on an H200 (docs/BENCHMARKS.md run 38-l), at 37-a's four weak M = 16 shapes
/// (0.88-0.94 of cuBLAS, 65 to 70 CTAs): the split-K 4 grids of 192x16 tiles (three consumer
/// warpgroups, 88 to 96 CTAs) 1.05-1.15x faster (16x4360x2904 0.91 -> 1.03 of cuBLAS). Out
/// of sample, every default it moved among fresh seeds: M = 16 (39-a, 20) 1.064x in geomean,
/// 16 faster, 2 slower (0.892x worst); M = 1 to 15 (39-b, 15) 1.034x, 8 faster, 6 slower
/// (0.959x worst; the six slower ones all from grids of 65 to 72 CTAs).
pub(crate) fn lone_row_split_k4_first(
    out: &mut [Plan],
    problem: &GemmProblem,
    resident: [Option<i64>; 3],
) {
    if problem.m > LONE_ROW_SPLIT_K4_MAX_M
        || !measured_range(
            problem,
            TRANSPOSED_SPLIT_K_MIN_NK,
            TRANSPOSED_SPLIT_K_MIN_NK,
        )
    {
        return;
    }
    let Some(first) = out.first().filter(|p| {
        p.transposed
            && p.split_k == 1
            && !p.persistent
            && p.cta_tile[0] == 64
            && ctas(p) <= LONE_ROW_SPLIT_K4_MAX_CTAS
    }) else {
        return;
    };
    let least = ctas(first);
    first_where(out, |p| {
        p.transposed && p.split_k == 4 && !p.stream_k && ctas(p) > least && one_wave(p, resident)
    });
}

/// Where a 16-bit decode problem of [`SMALL_GRID_M`] rows (N and K at least
/// [`TRANSPOSED_SPLIT_K_MIN_NK`], K at most [`SMALL_GRID_MAX_K`]) ranks first a grid of at
/// most [`SMALL_GRID_MAX_CTAS`] CTAs (N of 2048 or less in 64x64 tiles: half an H100's SMs
/// or fewer), the first ranked untransposed split-K 2 grid of 64x64 tiles goes first: twice
/// the CTAs, each streaming half of the k-tiles, so more SMs pull B from DRAM at once (the
/// model, charging a lone grid no per-SM bandwidth, ranks it below). Measured on an H100
/// (docs/BENCHMARKS.md runs 41-d and 42-e), `--plan N` against the default:
/// - 41-d (fitting, without programmatic dependent launch): at the four such defaults among
///   28 fresh M = 128 shapes 1.057-1.113x, 1.086x in geomean; 41-c's 128x1560x1336 1.18x;
/// - 42-e (with it, the default since run 42): those five 1.078-1.197x; out of sample, 14
///   fresh shapes (seed 424; f16 and bf16; N 1032 to 2048, K 1032 to 1872) **all faster,
///   1.045-1.216x, 1.120x in geomean**.
pub(crate) fn small_grid_split_k2_first(out: &mut [Plan], problem: &GemmProblem) {
    if problem.m != SMALL_GRID_M
        || problem.k > SMALL_GRID_MAX_K
        || !measured_range(
            problem,
            TRANSPOSED_SPLIT_K_MIN_NK,
            TRANSPOSED_SPLIT_K_MIN_NK,
        )
        || out.first().is_none_or(|p| ctas(p) > SMALL_GRID_MAX_CTAS)
    {
        return;
    }
    first_where(out, |p| {
        !p.transposed && p.cta_tile[..2] == [64, 64] && p.split_k == 2 && !p.stream_k
    });
}

/// Rows of the decode problems [`small_grid_split_k2_first`] moves (the only M measured).
const SMALL_GRID_M: i64 = 128;

/// Most CTAs of a first ranked grid [`small_grid_split_k2_first`] replaces (41-d, 42-e: 34 to
/// 64).
const SMALL_GRID_MAX_CTAS: i64 = 64;

/// Most k of a problem [`small_grid_split_k2_first`] moves: the range measured (K of 1032 to
/// 1944; at larger K such grids are already split by the other rules).
const SMALL_GRID_MAX_K: i64 = 2048;

/// Most rows of a decode problem that [`lone_row_split_k4_first`] moves (fitted at M = 16;
/// 1 to 15 rows measured 1.034x in geomean out of sample, run 39-b).
const LONE_ROW_SPLIT_K4_MAX_M: i64 = 16;

/// Most CTAs of the transposed grid that [`lone_row_split_k4_first`] replaces: 38-l's four
/// had 65 to 70.
const LONE_ROW_SPLIT_K4_MAX_CTAS: i64 = 72;

/// Most rows of a decode problem that [`transposed_split_k_first`] moves to any transposed
/// split-K grid: the second of two 64-row tile rows at most half full (38-d: at 101 to 109
/// rows the split-K 2 grids of 64-row tiles ran slower than the plain grids).
const TRANSPOSED_SPLIT_K_MAX_M: i64 = 96;

/// Most rows of a decode problem that [`transposed_split_k_first`] moves to a transposed
/// split-K 4 grid of 128-row tiles of any CTA count (38-f to 38-h); above, to one of at most
/// [`TRANSPOSED_SPLIT_K4_FULL_ROW_CTAS`].
const TRANSPOSED_SPLIT_K4_MAX_M: i64 = 112;

/// Most CTAs of the transposed split-K 4 grid that a decode problem of 113 to 128 rows takes
/// ([`transposed_split_k_first`]), where the second 64-row tile row is mostly full: 38-i,
/// at 68 to 96 CTAs 11 of 11 faster (1.00-1.24x), at 104 to 120 four of eight slower
/// (0.97-0.99x).
const TRANSPOSED_SPLIT_K4_FULL_ROW_CTAS: i64 = 96;

/// Fewest k at which a decode problem of more than [`TRANSPOSED_SPLIT_K_MAX_M`] rows takes a
/// transposed split-K 4 grid ([`transposed_split_k_first`]): six k-tiles of 64 per split
/// (38-g: at K = 1024 one ran 0.90x).
const TRANSPOSED_SPLIT_K4_MIN_K: i64 = 1536;

/// Fewest columns and k of a problem that [`transposed_split_k_first`] moves: the range
/// measured (38-c, 38-d: N of 1208 and more, K of 1064 and more).
const TRANSPOSED_SPLIT_K_MIN_NK: i64 = 1024;

/// Whether a decode problem is in the range a reorder rule was measured on: 16-bit inputs,
/// N at least `min_n`, K at least `min_k`.
pub(crate) fn measured_range(problem: &GemmProblem, min_n: i64, min_k: i64) -> bool {
    problem.dtype.input_bytes() == 2 && problem.n >= min_n && problem.k >= min_k
}

/// Moves the first plan of the ranked `out` that `pick` accepts to the front.
fn first_where(out: &mut [Plan], pick: impl Fn(&Plan) -> bool) {
    if let Some(i) = out.iter().position(pick) {
        out[..=i].rotate_right(1);
    }
}

/// CTAs of a one-batch plan `p`: its tiles times its k-splits.
fn ctas(p: &Plan) -> i64 {
    let [gm, gn, _] = p.grid();
    gm * gn * p.split_k
}

/// Whether all of a one-batch plan `p`'s CTAs, in clusters of `split_k` times its multicast
/// group, run at once on a GPU holding `resident` CTAs in clusters of one or two, four and
/// eight.
fn one_wave(p: &Plan, resident: [Option<i64>; 3]) -> bool {
    let ctas = ctas(p);
    let slot = match p.split_k * p.multicast * p.multicast_a {
        1 | 2 => resident[0],
        4 => resident[1],
        8 => resident[2],
        _ => None,
    };
    slot.is_some_and(|r| ctas <= r)
}

/// Fewest K at which a decode grid whose first ranked plan is split-K 2, or gives way to a
/// block, takes a wide split-K 4 grid sharing B instead (see [`wide_split_k4_fits`]): 40
/// k-tiles of 64, ten per split. Measured on an H200 (docs/BENCHMARKS.md run 37), such grids
/// (two 64-row tile rows of 96, 128 or 192 columns, split four ways, B shared over the pair
/// in 8-CTA clusters):
/// - run 37-b, four shapes where the defaults were split-K 2 sharing B or a block:
///   1.21-1.52x faster (120x1440x8328 0.61 -> 0.93 of cuBLAS, 128x1536x8088 0.78 -> 1.00);
/// - run 37-c, out of sample (a first rule: wherever the first plan is split-K, seeds 166-168,
///   36 of 240 moved defaults timed): in place of split-K 2, 1.10-1.28x at nine of ten with
///   K of 2912 or more (80x2032x8960 0.68 -> 0.87 of cuBLAS), 0.92x and 0.95x at K = 1424
///   and 2032; in place of a block, 1.09-1.36x at eight of eight (128x1440x4104 0.80 ->
///   1.08); adding sharing to a split-K 4 default of the same tiles, 0.86-0.99x at 15 of 16:
///   not taken;
/// - run 37-d, out of sample, the rule (at most 14 clusters of eight, `oct_clusters` of the
///   H100 SXM part): every default it moved among 1000 fresh shapes (seeds 169-171; f16,
///   bf16, column-major B): 1.181x in geomean, 50 of 52 faster, one 0.97x (80x1784x8880
///   0.58 -> 0.94 of cuBLAS); below 0.9 of cuBLAS 34 of the 52 before, 8 after.
const WIDE_SPLIT_K4_MIN_K: i64 = 2560;

/// Whether `p` is a wide split-K 4 grid that may share B over its tile-row pair: at least
/// 96 columns wide, [`pairs_fit`] four ways in `oct_ctas`.
fn wide_split_k4_fits(p: &Plan, oct_ctas: i64) -> bool {
    p.cta_tile[1] >= 96 && pairs_fit(p, 4, oct_ctas)
}

/// Tile rows whose CTAs share each B tile in a decode split-K grid that would otherwise give
/// way to a block ([`blocks_before_split_k`]): a cluster of `2 * split_k` CTAs, one pair of
/// tile rows per k-split, so L2 sends each B piece once per pair. Measured on an H200
/// (docs/BENCHMARKS.md):
/// - run 36-e, `--multicast on` on split-K plans where blocks of 48 and 56 CTAs were the
///   defaults (0.64 and 0.72 of cuBLAS): 1.45-1.52x faster (120x1440x8328 0.64 -> 0.96,
///   119x1752x7400 0.72 -> 1.03);
/// - run 36-f, out of sample, the rule applied to every decode split-K grid of two tile
///   rows (151 moved defaults among 800 fresh shapes): where it replaced a block of 48 to 60
///   CTAs by split-K 2 in at most 120 CTAs, 1.130x in geomean, all 23 faster (1.04-1.23x:
///   97x1520x6760 bf16 1.23x); by split-K 2 in 124 or 128 CTAs (more 4-CTA clusters than the
///   GPU holds at once: two waves) 0.67-0.75x (five); where it only added sharing to a
///   split-K default, 0.935x (123, 106 slower). Hence only in place of such a block, split
///   two ways, within the resident 4-CTA clusters;
/// - run 36-g, that rule out of sample (every default it moved among 1000 fresh shapes, f16,
///   bf16, column-major B): 1.130x in geomean, all 28 faster (1.01-1.33x: 105x1464x6000 bf16
///   0.72 -> 0.95 of cuBLAS, 80x2168x7304 0.65 -> 0.83).
pub(crate) const SPLIT_K_B_PAIRS: i64 = 2;

/// Whether split-K plan `p` may share B over [`SPLIT_K_B_PAIRS`] where a block would
/// replace it: [`pairs_fit`] two ways in `quad_ctas`.
fn split_k_pairs_fit(p: &Plan, quad_ctas: i64) -> bool {
    pairs_fit(p, 2, quad_ctas)
}

/// Whether `p` is a plain grid of two 64-row tile rows, split `split` ways, not in a
/// multicast cluster, whose clusters of `2 * split` CTAs (a tile-row pair per k-split) all
/// fit the `cluster_ctas` the GPU runs at once in clusters of that size.
fn pairs_fit(p: &Plan, split: i64, cluster_ctas: i64) -> bool {
    let [gm, _, _] = p.grid();
    p.worker_threads == 128
        && !p.transposed
        && !p.stream_k
        && p.split_k == split
        && p.cta_tile[0] == 64
        && gm == SPLIT_K_B_PAIRS
        && ctas(p) <= cluster_ctas
        && p.multicast == 1
        && p.multicast_a == 1
}

/// Rows of the caller's A one CTA of a plan reads: its tile's m, or n where transposed
/// (`C^T = B^T A^T` takes A as its B).
fn a_rows_per_cta(p: &Plan) -> i64 {
    p.cta_tile[usize::from(p.transposed)]
}

/// What a decode plan ([`DECODE_TWO_ROWS_MIN_M`] to 128 rows, one batch, row-major A, K of
/// 1024 or more: the range measured) whose CTAs each read more than 64 of A's rows costs
/// beyond its modeled cycles, as a factor, where those rows straddle
/// 32-byte sectors ([`a_rows_straddle_sectors`]): such grids (transposed tiles of n = 128, or
/// plain tiles of 128 rows) ran slower than the plain grid of 64-row tiles in two tile rows
/// they tie with or nearly tie with, whose CTAs read half of A each. Measured (docs/BENCHMARKS.md
/// runs 32-d, 32-e, 32-f; M = 128): with A's rows straddling sectors the two-row grid ran
/// 1.02-1.23x the transposed default's speed at 11 of 11 shapes on an H100 (4928x5480 1.21x,
/// 8320x4344 1.17x, 7264x9112 1.23x) and 1.06-1.20x at three on an H200, where one row of
/// 128x64 tiles ran as slowly as the transposed grid; with whole sectors 0.92-1.06x (11
/// shapes; the suite's 128x5120x5120 and 128x5120x13824 0.94x and 0.92x). Out of sample
/// (run 32-g, H100, at 65 to 128 rows): the defaults it moved ran 1.01-1.13x faster at 112
/// and 128 rows (10 of 10), but at 80 rows, where the second tile row is a quarter full,
/// five of seven ran slower (0.81-0.89x); at 97 to 128 rows (32-h, 26 of 52 moved defaults
/// among 1400 fresh shapes) 1.074x in geomean, every one of 108 rows or more faster (21,
/// 1.02-1.27x: 125x6208x5640 0.83 -> 1.05 of cuBLAS), four of five at 97 and 105 rows
/// 0.95-0.99x. A 16-bit column-major A (transposed plans since run 51) keeps it as keyed
/// here, by `k`, though its stored rows are `m` long: gated off for that layout, the 14
/// moved defaults of 30 fresh shapes ran 0.876x in geomean, 11 slower (run 52-a, H100).
const DECODE_A_ROWS_FACTOR: f64 = 1.02;

/// Fewest rows of A at which [`DECODE_A_ROWS_FACTOR`] applies: where the second of two
/// 64-row tile rows is at least two-thirds full (107 rows). Below, most grids it moved ran
/// slower (80 rows: five of seven, 0.81-0.89x, 32-g; 97 and 105 rows: four of five,
/// 0.95-0.99x, 32-h).
const DECODE_TWO_ROWS_MIN_M: i64 = 107;

/// CTAs of a decode grid in [`crate::block::AB_BLOCK`]s, from which it ranks before a
/// split-K plan the model puts first (the model charges no L2 traffic, so it does not see what the
/// block saves; the split-K plans there are mostly the same 64x64 tiles split in two,
/// modeled 1.0-1.35x faster). Measured on an H100 (docs/BENCHMARKS.md run 33-h, 32 shapes of
/// 80 to 128 rows with a split-K default): block grids of 48 to 64 CTAs ran 1.08x faster in
/// geomean than the split-K defaults (16 shapes, 14 faster; 80x1944x4200 0.68 -> 0.86 of
/// cuBLAS), of 40 to 44 CTAs 0.95x (16 shapes, 10 slower, down to 0.80x).
const DECODE_AB_OVER_SPLIT_K_CTAS: i64 = 48;

/// The widest `n` among a plan's tensor instructions (0 for a vector-only plan).
fn widest_n(p: &Plan) -> u32 {
    p.regions
        .iter()
        .filter_map(|r| r.piece.instruction().mnk())
        .map(|(_, n, _)| n)
        .max()
        .unwrap_or(0)
}
