//! Blocks of tiles sharing A and B over a 4-CTA cluster (`Plan::multicast_a` with
//! `Plan::multicast`): a rule applied to the ranked plans, since the model charges a lone
//! grid (one CTA per SM) no L2 traffic (since run 43, none but lone grids above 128 rows
//! and columns with K >= 3072, and those without the block's sharing) and so sees neither
//! the sectors that rows straddling 32-byte boundaries cost L2 nor what sharing each
//! operand tile saves there.

use hw_models::Target;

use crate::decode;
use crate::generate::{
    LONE_MULTICAST_MIN_K, Options, a_rows_straddle_sectors, b_rows_straddle_sectors, b_straddles,
    cluster_rows, quad_cluster_ctas,
};
use crate::plan::Plan;
use crate::problem::GemmProblem;

/// Sets [`AB_BLOCK`] on the plans that take it: one batch, 16-bit inputs, K above
/// [`LONE_MULTICAST_MIN_K`], A's rows or B's rows straddling 32-byte sectors
/// ([`a_rows_straddle_sectors`], [`b_rows_straddle_sectors`]), on a GPU whose count of
/// co-resident 4-CTA clusters is known ([`quad_cluster_ctas`]); at decode shapes of 65 to 128
/// rows the grids of [`takes_decode_block`], above 128 rows those of [`takes_lone_block`].
pub(crate) fn share_ab(out: &mut [Plan], problem: &GemmProblem, opts: &Options, target: &Target) {
    let Some(ctas) = quad_cluster_ctas(target) else {
        return;
    };
    if problem.batch != 1
        || problem.dtype.input_bytes() != 2
        || problem.k <= LONE_MULTICAST_MIN_K
        || !(a_rows_straddle_sectors(problem) || b_rows_straddle_sectors(problem, opts))
    {
        return;
    }
    let takes: fn(&Plan, i64) -> bool = if decode::is_decode(problem, opts) {
        if problem.m <= 64 {
            return;
        }
        takes_decode_block
    } else if problem.m > 128 {
        takes_lone_block
    } else {
        return;
    };
    for p in out.iter_mut().filter(|p| takes(p, ctas)) {
        [p.multicast, p.multicast_a] = AB_BLOCK;
    }
}

/// Sets B pairs (`Plan::multicast` 2) on the decode grids that [`share_ab`]'s blocks cannot
/// take because their 4-CTA clusters would not fit the GPU at once: one batch, 16-bit
/// inputs, 65 to 128 rows, K above [`LONE_MULTICAST_MIN_K`], a row-major B whose rows
/// straddle 128-byte lines ([`b_straddles`], as for the lone grids' B sharing since run 31),
/// a plain grid of two 64-row tile rows ([`takes_decode_pairs`]). Each B piece then leaves
/// L2 once per tile column instead of once per CTA, B being most of a decode GEMM's bytes.
/// Measured on an H200 (docs/BENCHMARKS.md run 37), `--multicast on` against the same plan
/// unshared:
/// - 37-f, every such default of 121 to 132 CTAs among 1700 seeded shapes and two more: with
///   a row-major B 1.098x in geomean, 12 of 14 faster (105x3864x4872 0.70 -> 0.88 of cuBLAS);
///   with a column-major B 1.022x, three of ten 0.92-0.99x;
/// - 37-g, out of sample, without the straddle condition: 1.060x at 23 moved defaults, five
///   0.96-0.99x, two of them with B rows of whole lines (of three such); and the suite's
///   128x4096x4096, 128x4096x14336, 128x6144x4096 (whole lines) would have moved, where run
///   32-e measured pairs 0.91-0.93x at 128x4096x4096 (H100);
/// - 37-h, out of sample, as kept: 1.079x at 27 moved defaults, 23 faster (bf16
///   121x7800x6280 0.72 -> 0.93 of cuBLAS, 128x3880x5328 0.74 -> 0.95), four 0.96-0.99x.
pub(crate) fn share_b_past_blocks(
    out: &mut [Plan],
    problem: &GemmProblem,
    opts: &Options,
    target: &Target,
) {
    let Some(ctas) = quad_cluster_ctas(target) else {
        return;
    };
    if !decode::is_decode(problem, opts)
        || problem.m <= 64
        || problem.dtype.input_bytes() != 2
        || problem.k <= LONE_MULTICAST_MIN_K
        || !b_straddles(problem, opts)
    {
        return;
    }
    let sms = i64::from(target.sms);
    for p in out.iter_mut().filter(|p| takes_decode_pairs(p, ctas, sms)) {
        p.multicast = 2;
    }
}

/// Whether a decode plan takes B pairs ([`share_b_past_blocks`]): a plain grid of two 64-row
/// tile rows, one tile per CTA, not yet in a cluster, of more CTAs than the `quad_ctas` the
/// GPU holds in 4-CTA clusters and at most its `sms` (one wave).
fn takes_decode_pairs(p: &Plan, quad_ctas: i64, sms: i64) -> bool {
    let [gm, gn, _] = p.grid();
    plain_grid(p)
        && p.cta_tile[0] == 64
        && gm == AB_BLOCK[0]
        && p.multicast == 1
        && p.multicast_a == 1
        && gm * gn > quad_ctas
        && gm * gn <= sms
}

/// The block of tile rows x tile columns whose 4-CTA cluster shares A and B ([`share_ab`]):
/// on a decode grid (65 to 128 rows) of two 64-row tile rows ([`takes_decode_block`]) and,
/// since run 34, on plain lone grids above 128 rows ([`takes_lone_block`], measured there).
/// On a decode grid each CTA reads half of A's rows and every tile column reads them
/// again: L2 sends each A piece to a pair of columns and each B piece to both rows at once.
/// Where only B's rows straddle (a row-major B, `n` not a multiple of 16): at the 31
/// defaults that moved among 880 fresh decode shapes (docs/BENCHMARKS.md run 34-b, H200)
/// 1.152x faster in geomean, 25 faster, five 0.92-0.99x (80x2776x8048 0.54 -> 0.80 of
/// cuBLAS, 105x9112x6400 bf16 0.74 -> 0.97, 128x2840x4608 0.72 -> 0.90 in 34-a), and 1.091x
/// at 26 more (34-e). Measured on an H100 (docs/BENCHMARKS.md run 33): against the same
/// plan unshared at M = 128 (33-a, 33-b; f16, row-major B), faster at 13 of 16 shapes with
/// sector-straddling A rows, 1.02-1.57x (128x2648x7624 0.65 -> 1.00 of cuBLAS), slower at
/// 11 of 16 with whole-sector A rows (0.87-0.98x; where B's rows straddle, 1.06-1.21x at
/// all three with K above 1536: the rule's B clause, run 34); 2 x 4 blocks (8-CTA clusters,
/// as cuBLAS takes there) ran level with 2 x 2 or slower (1.08x against 1.11x in geomean, 33-b; 14
/// clusters of eight ran as two waves). At every default it moved among 700 fresh decode
/// shapes of 107 to 128 rows (33-c: f16, bf16, f16 with a column-major B; 57 cases) 1.084x
/// in geomean; with K above 1536 1.135x (39 cases, 35 faster, one 0.98x; 109x5608x6392
/// 0.65 -> 0.89 of cuBLAS), at K of 1536 or less 0.981x (18 cases, 9 slower, down to
/// 0.89x), hence the K bound. With that bound, at 52 further fresh shapes 1.142x on an H100
/// (33-e, 46 faster, five 0.96-0.99x) and 1.145x on an H200 (33-d, 47 faster). Taken from
/// 65 rows (the rule had started where `decode::DECODE_A_ROWS_FACTOR` does, 107 rows): the 42
/// defaults that moved among 1000 fresh shapes of 80 to 106 rows ran 1.219x faster, all 42
/// (33-f, H100; 80x2640x5800 0.61 -> 0.90 of cuBLAS).
pub(crate) const AB_BLOCK: [i64; 2] = [2, 2];

/// CTAs of a plan's grid padded to whole blocks of `rows` tile rows x `cols` tile columns.
pub(crate) fn block_ctas(p: &Plan, [rows, cols]: [i64; 2]) -> i64 {
    let [gm, gn, _] = p.grid();
    cluster_rows(gm, rows) * cluster_rows(gn, cols)
}

/// A plain (not transposed) wgmma grid of one tile per CTA: no split-K, not persistent, no
/// stream-K.
fn plain_grid(p: &Plan) -> bool {
    p.worker_threads == 128 && !p.transposed && p.split_k == 1 && !p.persistent && !p.stream_k
}

/// A [`plain_grid`], tiles a whole number of `width` columns wide, whose CTAs padded to
/// whole [`AB_BLOCK`]s fit the `ctas` the GPU runs at once in 4-CTA clusters.
fn plain_one_wave(p: &Plan, ctas: i64, width: i64) -> bool {
    plain_grid(p) && p.cta_tile[1] % width == 0 && block_ctas(p, AB_BLOCK) <= ctas
}

/// Whether a decode plan takes [`AB_BLOCK`]: a [`plain_one_wave`] grid of two 64-row tile
/// rows not yet in a cluster, its tiles 64 columns wide or a multiple, or 96 (since run 36:
/// `crate::decode::ragged_96`).
fn takes_decode_block(p: &Plan, ctas: i64) -> bool {
    plain_one_wave(p, ctas, 32)
        && p.cta_tile[0] == 64
        && p.grid()[0] == AB_BLOCK[0]
        && p.multicast == 1
}

/// Whether a plan above 128 rows takes [`AB_BLOCK`] (replacing a B-only cluster of
/// `lone_b_share`): a [`plain_one_wave`] grid of at least two tile rows and two tile
/// columns. Measured on an H200 (docs/BENCHMARKS.md run 34), with A's or B's rows
/// straddling sectors and K above 1536:
/// - 34-g, `--multicast ab` against the default at the 17 such f16 defaults among seeded
///   shapes: 1.108x in geomean, 13 faster (584x2184x7448 71.8 -> 46.2 us, 0.72 -> 1.18 of
///   cuBLAS; 2267x368x4952 1.21x), two slower (808x736x2792 0.947x, 281x848x2136 0.976x);
/// - 34-h, out of sample, the 28 defaults this moved among 1000 fresh seeded shapes (f16,
///   bf16, column-major B): 1.117x, 25 faster (2432x360x3592 0.63 -> 0.86 of cuBLAS,
///   1176x632x4456 column-major B 0.66 -> 0.83), two 0.95x and 0.96x;
/// - 34-k, with a 16-bit C (`--c-dtype f16`; the plan does not see C's type), the 15
///   defaults it moved among 500 fresh shapes: 1.049x, seven faster (421x1832x3256 1.31x),
///   seven 0.92-0.99x. Net faster, but a weaker case than an f32 C: left to look into.
///
/// Not taken (34-i, 34-j): with K of 512 to 1536, 0.90-1.17x (11 shapes, 8 slower); with
/// rows of whole sectors at K below 4096 0.91-1.01x (six shapes, five slower), at K of 4096
/// or more 1.07-1.30x at four of five in-sample shapes but 1.024x over 13 fresh ones (six
/// 0.89-0.98x). Nor a bound on padding (34-l): keeping the block only where it adds at most
/// 6% CTAs ran 0.949x at the 18 fresh defaults it moved.
fn takes_lone_block(p: &Plan, ctas: i64) -> bool {
    let [gm, gn, _] = p.grid();
    plain_one_wave(p, ctas, 64) && gm >= 2 && gn >= 2
}
