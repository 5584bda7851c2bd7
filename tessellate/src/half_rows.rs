//! Decode grids of 128 rows in 8-CTA blocks of transposed 64x64 tiles, cuBLAS's shape there:
//! at M = 128 its kernels take tiles 64 of M wide in clusters of 4 x 2 tiles (docs/BENCHMARKS.md
//! run 39-c, ncu at seven shapes: `nvjet_sm90_hss_64x64_64x13_4x2`, `_128x64_64x8_4x2`, ...).
//! The generator offers transposed decode tiles half of M wide ([`HALF_ROWS_M`]) only for
//! this rule: [`take`] sets them aside before the other decode rules run, and
//! [`block_first`] places one, in a block, where measured faster.

use crate::plan::Plan;
use crate::problem::GemmProblem;

/// Rows of the decode problems whose transposed candidates also come 64 columns wide (half
/// of M as wgmma's n) for [`block_first`].
pub(crate) const HALF_ROWS_M: i64 = 128;

/// The block [`block_first`] gives the transposed 64x64 grid: `[Plan::multicast,
/// Plan::multicast_a]` = 4 tile rows (the caller's n, sharing each piece of the caller's A)
/// x 2 tile columns (the two halves of M, sharing each piece of the caller's B).
const BLOCK: [i64; 2] = [4, 2];

/// Fewest columns and k of a problem [`block_first`] moves: the range measured (run 39-e,
/// N of 2184 and more, K of 1144 and more).
const MIN_N: i64 = 2048;
const MIN_K: i64 = 1024;

/// Whether `p`, a plan of a [`HALF_ROWS_M`]-row problem, is transposed with tiles half of
/// its rows wide.
fn is_half(p: &Plan) -> bool {
    p.transposed && 2 * p.cta_tile[1] == HALF_ROWS_M
}

/// Removes from the generated `out` every transposed plan of half-width tiles (see [`is_half`])
/// and returns the one of least modeled cycles (the first generated on ties) of one consumer
/// warpgroup, 64x64 tiles, no split-K and no stream-K: the grid [`block_first`] may place.
/// Called before the ranking's sort and the other decode rules, so that no other plan's
/// rank moves.
pub(crate) fn take(out: &mut Vec<Plan>, problem: &GemmProblem) -> Option<Plan> {
    if problem.m != HALF_ROWS_M {
        return None;
    }
    let mut kept = None::<Plan>;
    out.retain(|p| {
        if !is_half(p) {
            return true;
        }
        let candidate =
            p.workers == [1, 1] && p.cta_tile[..2] == [64, 64] && p.split_k == 1 && !p.stream_k;
        if candidate
            && kept
                .as_ref()
                .is_none_or(|k| p.modeled.cycles < k.modeled.cycles)
        {
            kept = Some(p.clone());
        }
        false
    });
    kept
}

/// Where a 16-bit decode problem of [`HALF_ROWS_M`] rows (N at least [`MIN_N`], K at least
/// [`MIN_K`]) ranks first an untransposed grid of 64x64 tiles (two tile rows) without
/// split-K or stream-K, the transposed 64x64 grid `half` from [`take`] in [`BLOCK`]s goes
/// first instead, where its clusters of eight fit the GPU at once (`resident[2]`, CTAs in
/// 8-CTA clusters; `resident` as for the `decode` rules) or it loops over its tiles
/// (persistent). Measured on an H200
/// (docs/BENCHMARKS.md run 39), `--multicast ab4x2` on the transposed grid against the
/// default:
/// - 39-d, 39-e (fitting): at the ten such defaults the rule takes, 1.038x in geomean, eight
///   faster (128x2912x1224 0.82 -> 0.89 of cuBLAS, 128x7432x1144 column-major B 0.69 ->
///   0.84), 128x3392x1648 bf16 0.944x and 128x3168x3008 0.901x; where the default was not a
///   64x64 grid, 0.84x in geomean (18 shapes, 0.62-1.04x): not taken. The untransposed grid
///   in 2 x 4 blocks ran 2-3% behind the transposed one at the same shapes;
/// - 39-f, out of sample, every default it moved among seeds 226-229 (f16, bf16,
///   column-major B): 1.028x in geomean at 27, 18 faster (bf16 128x3272x1512 0.72 -> 0.89 of
///   cuBLAS, 128x3504x1528 0.75 -> 0.91), eight 0.894-0.979x, most of them at K below 1500
///   and N below 3000; below 0.9 of cuBLAS 14 -> 11.
pub(crate) fn block_first(
    out: &mut Vec<Plan>,
    half: Option<Plan>,
    problem: &GemmProblem,
    resident: [Option<i64>; 3],
) {
    let (Some(mut half), Some(oct_ctas)) = (half, resident[2]) else {
        return;
    };
    if problem.m != HALF_ROWS_M || !crate::decode::measured_range(problem, MIN_N, MIN_K) {
        return;
    }
    let plain_64 = out.first().is_some_and(|p| {
        !p.transposed
            && p.worker_threads == 128
            && p.cta_tile[..2] == [64, 64]
            && p.split_k == 1
            && !p.stream_k
    });
    let fits = half.persistent || crate::block::block_ctas(&half, BLOCK) <= oct_ctas;
    if plain_64 && fits {
        [half.multicast, half.multicast_a] = BLOCK;
        out.insert(0, half);
    }
}
