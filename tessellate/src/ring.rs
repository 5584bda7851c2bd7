//! The stage ring of a lone warpgroup grid: a grid of at most one CTA per SM (decode-like
//! shapes, which stream the weights from DRAM). It has no co-resident CTA to make room for,
//! so it runs one CTA per SM with a deeper ring than the plan's default, since the bytes it
//! keeps in flight set its speed. Decided here, not in the code generator, so that the model
//! ([`crate::generate`]) prices the ring the kernel runs and `plans` shows it.

use hw_models::Target;

use crate::problem::GemmProblem;

/// Pipeline stages of a lone grid, at least (fewer where shared memory is short). Measured on
/// an H100 with `--stages` (docs/BENCHMARKS.md run 6): 0.911x cuBLAS at 128x4096x4096 with 6
/// stages against 0.833x with 4 (same plan, runs 6-f and 6-e), 0.992x against 0.909x at
/// 16x4096x14336 (64x64 split-K 2, one run); 8 stages gave 0.887x at 128x4096x4096, no better
/// than 6.
pub const LONE_STAGES: i64 = 6;

/// Bytes of operand data (B, and the rows of A inside `M`) a lone split-K CTA keeps in
/// flight, which set its stage count where that is more than [`LONE_STAGES`]: decode grids
/// stream B from DRAM, and small stages need more of them. Measured on an H100 (run 7-a, f16,
/// one run each): 64x64 tiles (8 KiB of B a stage) at 16x4096x4096 ran 0.808x cuBLAS with 6
/// stages, 0.885x with 8, 0.893x with 10, 0.881x with 12; at 16x6144x4096 0.824x with 6,
/// 0.872x with 8 and 0.874x with 12. 64x128 tiles (16 KiB) did best with 6 (0.918x against
/// 0.900x with 9 at 16x4096x4096); so did 128x64 tiles at M = 128 (24 KiB of data a stage;
/// run 6).
pub const LONE_BYTES: i64 = 80 * 1024;

/// Bytes of the streamed operand (the larger of A and B: a decode shape's weights) a lone
/// CTA without split-K keeps in flight; the activations beside them come from L2 and do not
/// count. Measured on an H100 (docs/BENCHMARKS.md run 9, f16): at M = 128 the 128x64 tiles'
/// 8 KiB of B a stage ran 0.942 -> 0.983x and 0.987 -> 1.051x cuBLAS (128x5120x5120,
/// 128x5120x13824) with 9 stages (72 KiB of B) against 6 (9-c), and 64x64 tiles with this
/// rule's 10 stages 0.994x and 0.987x at 128x4096x4096 (9-d); at M = 16, 16 stages of 64x16
/// tiles (128 KiB of weights) lost 4-9% to 8 (9-c). Split-K CTAs keep [`LONE_BYTES`]: 9
/// stages of 128x64 split-K 2 lost 5% to 6 at 128x4096x4096 and 128x4096x14336 (9-c).
pub const LONE_STREAM_BYTES: i64 = 80 * 1024;

/// The most stages a ring has (the Hopper code generator's limit, asked-for depths too).
pub const MAX_STAGES: i64 = 16;

/// Bytes of the widest swizzle atom: every stage starts 1024-aligned, and the kernel aligns
/// its shared-memory base up to it.
const ATOM: i64 = 1024;

/// Shared memory (bytes) that `stages` stages of `stage` bytes each take with their two
/// 8-byte mbarriers (`full`, `empty`).
pub fn ring_bytes(stage: i64, stages: i64) -> i64 {
    stages * (stage + 16)
}

/// Shared memory (bytes) one of `ctas` co-resident CTAs may give its ring and epilogue
/// buffers: at most `smem_per_cta` (the opt-in maximum), and its share of the SM's
/// `smem_per_sm` less the 1 KiB the driver reserves per CTA, less the slack that aligns the
/// base to 1024 bytes.
pub fn smem_for_ring(smem_per_cta: i64, smem_per_sm: i64, ctas: i64) -> i64 {
    smem_per_cta.min(smem_per_sm / ctas - 1024) - ATOM
}

/// Bytes of one stage's tile of the streamed operand (the larger of A and B in elements,
/// A where they tie) for a `cta` tile (`[m, n, k]`, k the stage's k-extent) of `problem`.
pub fn streamed_stage_bytes(problem: &GemmProblem, cta: [i64; 3]) -> i64 {
    let rows = if problem.m >= problem.n {
        cta[0]
    } else {
        cta[1]
    };
    rows * cta[2] * problem.dtype.input_bytes()
}

/// Extent along m or n that one stage holds of an operand tile of `rows` (A's m, B's n), at
/// `span`-byte swizzle spans of `eb`-byte elements: `rows`, or for an MN-major tile (m or n
/// fastest: column-major A, row-major B) whole chunks of `span / eb`, since a last chunk
/// read only in part (96 columns of 128-byte f16 spans) still takes a whole chunk's place,
/// its tail box landing at the chunk's start. The Hopper code generator's layout takes its
/// tiles' extents from here (`codegen::hopper::layout::OperandTile::held_rows`).
pub fn held_extent(rows: i64, span: i64, eb: i64, mn_major: bool) -> i64 {
    let per = span / eb;
    if mn_major {
        (rows + per - 1) / per * per
    } else {
        rows
    }
}

/// Whether the Hopper code generator loads an operand tile of `rows` (as [`held_extent`])
/// at `span`-byte swizzle: a K-major tile always; an MN-major one in whole chunks of
/// `span / eb`, or with its last chunk read in part (a box narrower than the span) at
/// 128-byte spans only, where that box's shared-memory layout was measured (run 23-c;
/// `codegen::hopper::layout`). The planner offers no other tile, and the code generator
/// refuses them.
pub fn tile_loads(rows: i64, span: i64, eb: i64, mn_major: bool) -> bool {
    !mn_major || span == 128 || rows % (span / eb) == 0
}

/// Shared memory one stage of a `cta` tile (`[m, n, k]`) holds, bytes: its A tile and
/// `held_n` columns of B ([`held_extent`]), `k` deep.
pub fn stage_bytes(problem: &GemmProblem, cta: [i64; 3], held_n: i64) -> i64 {
    (cta[0] + held_n) * cta[2] * problem.dtype.input_bytes()
}

/// Whether a warpgroup grid of `ctas` CTAs (k-splits and batches counted) is lone on a GPU
/// of `sms` SMs: at most one CTA per SM.
pub fn is_lone(sms: u32, ctas: i64) -> bool {
    ctas <= i64::from(sms)
}

/// Bytes of one TMA-store staging buffer of the Hopper epilogue (a box of 64 rows x 128
/// bytes; `codegen::hopper::epilogue`): what a lone transposed grid above 128 rows keeps
/// beside its ring per consumer warpgroup ([`lone_stages`]).
pub const STAGING_BUFFER_BYTES: i64 = 64 * 128;

/// Quads (groups of four f32 accumulators) a split of a split-K tile owns at most: split
/// `s` of `split_k` owns the quads `q mod split_k == s` of a consumer thread's
/// `wm / 64 * (wn / 8)` (`wm` rows a consumer warpgroup, `wn` columns; the Hopper code
/// generator's `split_k`).
pub fn split_k_owned_quads(split_k: i64, wm: i64, wn: i64) -> i64 {
    let quads = wm / 64 * (wn / 8);
    (quads + split_k - 1) / split_k
}

/// Bytes of a split-K CTA's receive buffer: each of the other `split_k - 1` splits sends
/// it one 16-byte vector per owned quad ([`split_k_owned_quads`]) and consumer thread
/// (`consumers` warpgroups of 128 threads). Zero without split-K.
pub fn split_k_recv_bytes(split_k: i64, consumers: i64, wm: i64, wn: i64) -> i64 {
    if split_k < 2 {
        return 0;
    }
    (split_k - 1) * split_k_owned_quads(split_k, wm, wn) * consumers * 128 * 16
}

/// Bytes a split-K CTA keeps beside its ring: the receive buffer
/// ([`split_k_recv_bytes`]) and its 8-byte mbarrier. Zero without split-K.
pub fn split_k_bytes(split_k: i64, consumers: i64, wm: i64, wn: i64) -> i64 {
    if split_k < 2 {
        return 0;
    }
    split_k_recv_bytes(split_k, consumers, wm, wn) + 8
}

/// The ring depth of a lone grid's `cta` tile (`[m, n, k]`; the plan's default depth
/// `stages`), split `split_k` ways: at least [`LONE_STAGES`] and the plan's, enough to hold
/// [`LONE_STREAM_BYTES`] of the streamed operand (split-K: [`LONE_BYTES`] of both, A's rows
/// past `M` not fetched), at most 16, and no more than one CTA's shared memory holds beside
/// two 8-byte mbarriers a stage and `reserve` bytes kept for other buffers (a TMA-store
/// epilogue's staging, which the code generator otherwise takes from the ring:
/// docs/BENCHMARKS.md run 29-g, so that the plan carries the ring its kernel builds). The
/// bytes in flight count the columns read; shared memory, the `held_n` columns of B a stage
/// holds ([`stage_bytes`]).
pub fn lone_stages(
    problem: &GemmProblem,
    target: &Target,
    cta: [i64; 3],
    held_n: i64,
    split_k: i64,
    stages: i64,
    reserve: i64,
) -> i64 {
    let eb = problem.dtype.input_bytes();
    let (a, b) = (cta[0] * cta[2] * eb, cta[1] * cta[2] * eb);
    let held = stage_bytes(problem, cta, held_n);
    let (bytes, data) = if split_k > 1 {
        (LONE_BYTES, b + a * problem.m.min(cta[0]) / cta[0])
    } else {
        (LONE_STREAM_BYTES, streamed_stage_bytes(problem, cta))
    };
    let want = stages
        .clamp(2, MAX_STAGES)
        .max(LONE_STAGES)
        .max((bytes + data - 1) / data)
        .min(MAX_STAGES);
    let limit = smem_for_ring(
        i64::from(target.smem_max_per_cta),
        i64::from(target.smem_bytes_per_sm),
        1,
    ) - reserve;
    (2..=want)
        .rev()
        .find(|&s| ring_bytes(held, s) <= limit)
        .unwrap_or(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::GemmDType;

    fn h100() -> Target {
        hw_models::target("sm_90a", None).unwrap()
    }

    fn f16(m: i64, n: i64, k: i64) -> GemmProblem {
        GemmProblem::new(m, n, k, 1, GemmDType::F16).unwrap()
    }

    #[test]
    fn streamed_operand_sets_the_depth_and_shared_memory_caps_it() {
        let t = h100();
        // 8 KiB of B a stage: 10 stages hold 80 KiB.
        assert_eq!(
            lone_stages(&f16(128, 4096, 4096), &t, [64, 64, 64], 64, 1, 4, 0),
            10
        );
        // 128x64 tiles: 24 KiB stages, of which 9 fit beside the barriers in 227 KiB.
        assert_eq!(
            lone_stages(&f16(128, 5120, 5120), &t, [128, 64, 64], 64, 1, 4, 0),
            9
        );
        // Split-K counts both operands: 24 KiB a stage, so the floor of 6.
        assert_eq!(
            lone_stages(&f16(128, 4096, 14336), &t, [128, 64, 64], 64, 2, 4, 0),
            6
        );
        // 32-byte spans: 2 KiB of B a stage would want 40; the ring stops at 16.
        assert_eq!(
            lone_stages(&f16(128, 4096, 4096), &t, [64, 64, 16], 64, 1, 16, 0),
            16
        );
        // tf32: 32 elements of 4 bytes a stage; 64x64 tiles stream the same 8 KiB of B.
        let tf32 = GemmProblem::new(128, 4096, 4096, 1, GemmDType::TF32).unwrap();
        assert_eq!(lone_stages(&tf32, &t, [64, 64, 32], 64, 1, 4, 0), 10);
        // Split-K with M = 16 under a 128-row tile: TMA fetches 16 of A's 128 rows (2 KiB
        // of 16 KiB), so 8 KiB of B + 2 KiB of A a stage: 8 stages hold 80 KiB.
        assert_eq!(
            lone_stages(&f16(16, 4096, 4096), &t, [128, 64, 64], 64, 2, 4, 0),
            8
        );
        // The transposed decode grid streams A (the caller's B): 64 rows of 128 B.
        assert_eq!(
            streamed_stage_bytes(&f16(4096, 16, 4096), [64, 16, 64]),
            8192
        );
        assert!(is_lone(t.sms, 132) && !is_lone(t.sms, 133));
    }

    #[test]
    fn a_tail_chunk_is_held_whole() {
        // Row-major B at 128-byte f16 spans: 96 columns take two 64-column chunks.
        assert_eq!(held_extent(96, 128, 2, true), 128);
        assert_eq!(held_extent(96, 128, 2, false), 96);
        // 64-byte spans: 32-column chunks, 96 is three of them.
        assert_eq!(held_extent(96, 64, 2, true), 96);
        assert_eq!(held_extent(80, 128, 2, true), 128);
        assert_eq!(held_extent(256, 128, 4, true), 256);
        // Asked for 16 stages, 128x96 tiles: 28 KiB read a stage would fit 8 in 225 KiB,
        // but a stage holds 32 KiB (B's tail chunk whole), so 7.
        let t = h100();
        let p = f16(128, 6144, 4096);
        assert_eq!(lone_stages(&p, &t, [128, 96, 64], 96, 1, 16, 0), 8);
        assert_eq!(lone_stages(&p, &t, [128, 96, 64], 128, 1, 16, 0), 7);
        // A tail chunk loads at 128-byte spans only (16 columns alone, or 96); K-major any.
        assert!(tile_loads(16, 128, 2, true) && tile_loads(96, 128, 2, true));
        assert!(!tile_loads(16, 64, 2, true) && tile_loads(96, 64, 2, true));
        assert!(!tile_loads(24, 32, 2, true) && tile_loads(24, 32, 2, false));
    }

    /// A lone transposed 128x160 grid (36 KiB stages; the kernel's problem is the caller's
    /// 2000x1216x4280 transposed) takes six stages alone and five beside two staging buffers
    /// (one per consumer warpgroup), the depth its kernel builds (run 29-g).
    #[test]
    fn staging_buffers_take_their_bytes_from_the_ring() {
        let t = h100();
        let p = f16(1216, 2000, 4280);
        assert_eq!(lone_stages(&p, &t, [128, 160, 64], 160, 1, 4, 0), 6);
        let reserve = 2 * STAGING_BUFFER_BYTES;
        assert_eq!(lone_stages(&p, &t, [128, 160, 64], 160, 1, 4, reserve), 5);
    }
}
