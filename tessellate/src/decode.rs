//! Ranking rules for decode shapes (`M <= 128`, one batch, transposed warpgroup plans
//! allowed, so a row-major A): what the model does not see there, measured. The model
//! charges no L2 traffic, so where A's rows straddle 32-byte sectors it cannot tell grids
//! whose CTAs read all of A's rows from grids whose CTAs read half of them
//! ([`DECODE_A_ROWS_FACTOR`]), nor, where A's or B's rows straddle them, what sharing A and
//! B over a cluster saves ([`DECODE_AB_BLOCK`], [`DECODE_AB_OVER_SPLIT_K_CTAS`]); and where
//! it ties plans, the
//! widest wgmma goes first ([`wide_first`]).

use std::cmp::Ordering;

use hw_models::Target;

use crate::generate::{
    LONE_MULTICAST_MIN_K, Options, a_rows_straddle_sectors, b_rows_straddle_sectors, cluster_rows,
    quad_cluster_ctas,
};
use crate::plan::Plan;
use crate::problem::GemmProblem;

/// Whether `problem` is a decode shape under `opts`: at most 128 rows, one batch, with
/// transposed warpgroup plans ranked (a row-major A).
pub(crate) fn is_decode(problem: &GemmProblem, opts: &Options) -> bool {
    opts.transposed_warpgroups && problem.m <= 128 && problem.batch == 1
}

/// The decode rules applied to the modeled plans before they are sorted: the charge on
/// plans whose CTAs read more than 64 of A's sector-straddling rows, and the A and B block
/// on the grids of two 64-row tile rows that take it.
pub(crate) fn adjust(out: &mut [Plan], problem: &GemmProblem, opts: &Options, target: &Target) {
    if problem.m >= DECODE_TWO_ROWS_MIN_M && problem.k >= 1024 && a_rows_straddle_sectors(problem) {
        for p in out.iter_mut().filter(|p| a_rows_per_cta(p) > 64) {
            p.modeled.cycles *= DECODE_A_ROWS_FACTOR;
            p.modeled.tflops /= DECODE_A_ROWS_FACTOR;
        }
    }
    if problem.m > 64
        && problem.k > LONE_MULTICAST_MIN_K
        && (a_rows_straddle_sectors(problem) || b_rows_straddle_sectors(problem, opts))
        && problem.dtype.input_bytes() == 2
        && let Some(ctas) = quad_cluster_ctas(target)
    {
        for p in out.iter_mut().filter(|p| takes_decode_ab_block(p, ctas)) {
            [p.multicast, p.multicast_a] = DECODE_AB_BLOCK;
        }
    }
}

/// The tie-break between two decode plans of equal modeled cycles: the widest tensor
/// instruction first, then a transposed plan (see the sort in [`crate::generate::plans`]).
pub(crate) fn wide_first(a: &Plan, b: &Plan) -> Ordering {
    (widest_n(b), b.transposed).cmp(&(widest_n(a), a.transposed))
}

/// Where the first of the sorted plans is split-K, the first A and B block grid of
/// [`DECODE_AB_OVER_SPLIT_K_CTAS`] CTAs or more goes before it.
pub(crate) fn blocks_before_split_k(out: &mut Vec<Plan>) {
    if out.first().is_some_and(|p| p.split_k > 1)
        && let Some(i) = out.iter().position(|p| {
            p.multicast_a > 1
                && block_ctas(p, [p.multicast, p.multicast_a]) >= DECODE_AB_OVER_SPLIT_K_CTAS
        })
    {
        let block = out.remove(i);
        out.insert(0, block);
    }
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
/// 0.95-0.99x.
const DECODE_A_ROWS_FACTOR: f64 = 1.02;

/// Fewest rows of A at which [`DECODE_A_ROWS_FACTOR`] applies: where the second of two
/// 64-row tile rows is at least two-thirds full (107 rows). Below, most grids it moved ran
/// slower (80 rows: five of seven, 0.81-0.89x, 32-g; 97 and 105 rows: four of five,
/// 0.95-0.99x, 32-h).
const DECODE_TWO_ROWS_MIN_M: i64 = 107;

/// The block of tile rows x tile columns whose 4-CTA cluster shares A and B on a decode grid
/// (65 to 128 rows, one batch, 16-bit inputs, K above [`LONE_MULTICAST_MIN_K`]) of two
/// 64-row tile rows whose A rows or B rows straddle 32-byte sectors
/// ([`a_rows_straddle_sectors`], [`b_rows_straddle_sectors`], [`takes_decode_ab_block`]).
/// There each CTA reads half of A's rows and every tile column
/// reads them again: L2 sends each A piece to a pair of columns and each B piece to both
/// rows at once. Where only B's rows straddle (a row-major B, `n` not a multiple of 16):
/// at the 31 defaults that moved among 880 fresh decode shapes (docs/BENCHMARKS.md run
/// 34-b, H200) 1.152x faster in geomean, 25 faster, five 0.92-0.99x (80x2776x8048 0.54 ->
/// 0.80 of cuBLAS, 105x9112x6400 bf16 0.74 -> 0.97, 128x2840x4608 0.72 -> 0.90 in 34-a).
/// Measured on an H100 (docs/BENCHMARKS.md run 33): against the same plan
/// unshared at M = 128 (33-a, 33-b; f16, row-major B), faster at 13 of 16 shapes with
/// sector-straddling A rows, 1.02-1.57x (128x2648x7624 0.65 -> 1.00 of cuBLAS), slower at
/// 11 of 16 with whole-sector A rows (0.87-0.98x; where B's rows straddle, 1.06-1.21x at
/// all three with K above 1536: the rule's B clause, run 34); 2 x 4 blocks (8-CTA clusters, as cuBLAS takes
/// there) ran level with 2 x 2 or slower (1.08x against 1.11x in geomean, 33-b; 14
/// clusters of eight ran as two waves). At every default it moved among 700 fresh decode
/// shapes of 107 to 128 rows (33-c: f16, bf16, f16 with a column-major B; 57 cases) 1.084x
/// in geomean; with K above 1536 1.135x (39 cases, 35 faster, one 0.98x; 109x5608x6392
/// 0.65 -> 0.89 of cuBLAS), at K of 1536 or less 0.981x (18 cases, 9 slower, down to
/// 0.89x), hence the K bound. With that bound, at 52 further fresh shapes 1.142x on an H100
/// (33-e, 46 faster, five 0.96-0.99x) and 1.145x on an H200 (33-d, 47 faster). Taken from
/// 65 rows (the rule had started where [`DECODE_A_ROWS_FACTOR`] does, 107 rows): the 42
/// defaults that moved among 1000 fresh shapes of 80 to 106 rows ran 1.219x faster, all 42
/// (33-f, H100; 80x2640x5800 0.61 -> 0.90 of cuBLAS).
pub(crate) const DECODE_AB_BLOCK: [i64; 2] = [2, 2];

/// CTAs of a decode grid in [`DECODE_AB_BLOCK`]s, from which it ranks before a split-K plan
/// the model puts first (the model charges no L2 traffic, so it does not see what the
/// block saves; the split-K plans there are mostly the same 64x64 tiles split in two,
/// modeled 1.0-1.35x faster). Measured on an H100 (docs/BENCHMARKS.md run 33-h, 32 shapes of
/// 80 to 128 rows with a split-K default): block grids of 48 to 64 CTAs ran 1.08x faster in
/// geomean than the split-K defaults (16 shapes, 14 faster; 80x1944x4200 0.68 -> 0.86 of
/// cuBLAS), of 40 to 44 CTAs 0.95x (16 shapes, 10 slower, down to 0.80x).
const DECODE_AB_OVER_SPLIT_K_CTAS: i64 = 48;

/// CTAs of a plan's grid padded to whole blocks of `rows` tile rows x `cols` tile columns.
fn block_ctas(p: &Plan, [rows, cols]: [i64; 2]) -> i64 {
    let [gm, gn, _] = p.grid();
    cluster_rows(gm, rows) * cluster_rows(gn, cols)
}

/// Whether a plan takes [`DECODE_AB_BLOCK`]: a plain (not transposed) wgmma grid of two
/// 64-row tile rows, one tile per CTA (no split-K, not persistent, no cluster yet), tiles a
/// whole number of 64 columns wide, whose CTAs padded to whole blocks fit the `ctas` the
/// GPU runs at once in 4-CTA clusters ([`quad_cluster_ctas`]).
fn takes_decode_ab_block(p: &Plan, ctas: i64) -> bool {
    p.worker_threads == 128
        && !p.transposed
        && p.cta_tile[0] == 64
        && p.cta_tile[1] % 64 == 0
        && p.grid()[0] == DECODE_AB_BLOCK[0]
        && p.split_k == 1
        && !p.persistent
        && !p.stream_k
        && p.multicast == 1
        && block_ctas(p, DECODE_AB_BLOCK) <= ctas
}

/// The widest `n` among a plan's tensor instructions (0 for a vector-only plan).
fn widest_n(p: &Plan) -> u32 {
    p.regions
        .iter()
        .filter_map(|r| r.piece.instruction().mnk())
        .map(|(_, n, _)| n)
        .max()
        .unwrap_or(0)
}
