//! The Hopper path (sm_90a): a warp-specialized kernel in which one producer warpgroup feeds
//! shared memory through the TMA engine and one to three consumer warpgroups run `wgmma` on
//! it (three only of 64 rows: 192-row tiles).
//!
//! ```text
//! warpgroup 0 (producer, setmaxnreg.dec 40)     warpgroups 1.. (consumers, setmaxnreg.inc: 232, 152 for 3)
//! for each tile of this CTA:                      for each tile of this CTA:
//!   for each k-tile kt (stage s runs on):           for each k-tile kt:
//!     wait empty[s] (parity of the use before)        wait full[s]
//!     arrive.expect_tx full[s], A+B bytes             wgmma.fence; wgmma x (bk/k) x (wm/64)
//!     cp.async.bulk.tensor A, B -> stage s              (the tile's first: D = A * B)
//!                                                     commit_group; wait_group 1
//!                                                     arrive empty[stage of kt-1]
//!                                                   wait_group 0; arrive empty[last stage]
//!                                                   (split-K reduction); epilogue
//! ```
//!
//! A CTA has one tile, or with persistent scheduling (`Shape::open_tiles`) loops over tiles
//! `blockIdx.x + i * gridDim.x`, the stage ring running on across them so the producer
//! fills the next tile's stages during this tile's epilogue. With a GPC-major cluster order
//! ([`order`]) the first slot comes from the order table and tiles go in bands of columns.
//! With B multicast two CTAs of a cluster take consecutive tile rows of one column; each
//! loads its half of every B box into both (`.multicast::cluster`) and releases stages on
//! both CTAs' `empty` barriers, which then count both CTAs' consumer warps. A lone grid's
//! plan may share B over four tile rows the same way (quarters of each box; run 31). With A
//! multicast (`CompileOptions::multicast_a`, opt-in: measured slower at most decode shapes
//! and at 4096^3, docs/BENCHMARKS.md run 22) the two CTAs take consecutive tile columns of
//! one row and share A the same way. With both (`CompileOptions::multicast_ab`, or a plan's
//! `multicast_a`: `tessellate`'s block rule sets it on decode grids of two 64-row tile rows,
//! run 33, and on lone grids above 128 rows, run 34) a
//! cluster takes a block of tiles, 2 x 2 by default: each CTA loads its piece of every A box
//! into the CTAs of its tile row in the block, its piece of every B box into those of its
//! tile column, and releases stages on every CTA that writes into its own (measured 0.83x
//! cuBLAS at 4096^3: an H100 and an H200 each held 30 clusters of four, 120 CTAs, at
//! once; run 24; a
//! grid that is not persistent and has more clusters than that waits for the first ones
//! to finish). With split-K the `S` CTAs of a cluster share a tile and reduce through
//! distributed shared memory, each split storing its share of the tile ([`split_k`]); with
//! multicast too, the cluster holds one multicast group per k-split (rank `s * mcast +
//! place`, at most 8 CTAs; `tessellate`'s decode rule shares B over tile-row pairs of split-K
//! 2 grids, run 36). With a stream-K tail
//! ([`stream_k`], opt-in: measured slower at most shapes, docs/BENCHMARKS.md run 16) the
//! persistent CTAs run whole waves of tiles and then equal k-ranges of the last partial
//! wave; a tile's later pieces add into C (a TMA reduce) in k order, each after a flag
//! (`Workspace`) says the piece before it is in C.
//!
//! Barrier protocol (PTX ISA 9.7.13.15, mbarrier): `full[s]` expects one arrival (the
//! producer's `arrive.expect_tx`) plus the stage's bytes from the TMA engine
//! (`complete_tx`); `empty[s]` expects one arrival per consumer warpgroup (per warp with FFMA
//! columns, `Shape::releasers`) and CTA of the multicast set, given once the
//! warpgroup's wgmma reading stage `s` has completed (`wgmma.wait_group`). A waiter on phase
//! parity `P` passes once that phase has completed; a fresh barrier counts the phase before
//! phase 0 (parity 1) as complete, so the producer's first `S` waits pass at once.
//!
//! The CTA tile is `bm x bn` with `bm = consumers * wm`; each consumer warpgroup owns `wm`
//! (64 or 128) rows and all `bn` columns, issuing `wm / 64` `wgmma.m64n{bn}k{16|8}` per k
//! step. Operand tiles and their descriptors (128-, 64- or 32-byte swizzle spans) are in
//! [`layout`]; an MN-major B tile whose last chunk is read in part (96 columns of 128-byte
//! spans; or a transposed plan's B, a 16-bit column-major A's `m` columns, 8 to 128) loads
//! that chunk through one more tensor map, `tmap_b_tail` (after C's where there is one),
//! with a box as wide as the part, and `full[s]` expects only the bytes written. Edges: TMA
//! fills out-of-bounds box elements with zeros (so ragged M, N and K need no masking in the
//! main loop), and the epilogue ([`epilogue`]) either hands 128-byte-wide boxes to a TMA
//! store (64 rows x 32 f32 or 64 16-bit columns; a transposed plan's 32 x 32 f32 or 64 x 64
//! 16-bit boxes of the caller's C), which drops what lies outside C, or masks its direct
//! stores.
//!
//! With epilogue overlap (module `overlap`, `CompileOptions::epilogue_overlap`; by default where
//! a tile has at most 64 k-tiles) the consumers issue the next tile's first k-tiles during
//! the TMA-store epilogue, chunk by chunk into the accumulator columns already staged, and
//! the main loop issues its wgmma in the same chunks.
//!
//! With ping-pong consumers (`CompileOptions::pingpong`, opt-in: measured slower,
//! docs/BENCHMARKS.md run 12) a one-warpgroup plan runs two consumer warpgroups that take
//! the persistent CTA's tiles in turn, each owning whole tiles; they hand the main loop to
//! each other on named barriers (`main_loop_done`) and skip the other's stages in the ring.
//!
//! A batched GEMM (batches one after another in A, B and C) is one grid over every batch's
//! tile slots, batch `z` taking slots `[z * T, (z + 1) * T)` (`T` = [`Shape::tile_slots`],
//! whole clusters); its tensor maps are 3-D with a box extent of 1 along the batch, so each
//! batch's ragged edges read zeros of their own and a TMA store never writes into the next
//! batch. Stream-K and transposed plans take one batch only.
//!
//! A transposed plan (`Plan::transposed`: decode shapes, and narrow-N shapes at one CTA per
//! SM) is lowered as the GEMM of `n x m x k`: the kernel's A tiles come from the caller's B
//! buffer (through B's tensor map, read as `B^T`), its B tiles from A, and the epilogue
//! stores tile element `(i, j)` at `C[j][i]`, through transposed TMA-store boxes where C's
//! pitch and shared memory allow ([`epilogue`]), else directly.

mod a_regs;
pub mod epilogue;
pub mod ffma;
pub mod layout;
mod mma;
pub mod order;
mod overlap;
pub mod pad;
mod split_k;
pub mod stream_k;
#[cfg(test)]
mod tile_loop_check;
pub mod transpose;

use emit_ptx::ast::{Entry, Module, Op, Operand, Param, ParamType, Reg, RegClass, Shared};
use itex::{DType, Instruction};
use tessellate::{GemmDType, Plan, Split, ring};

use crate::builder::{Builder, addr, imm, r, sym, vec};
use crate::{
    ClusterOrder, CodegenError, CompileOptions, EpilogueOverlap, Kernel, MatLayout, Pdl,
    TensorMapSpec, TmaElem, TmaOperand,
};
use layout::{ATOM, Major, OperandTile, SPANS};
use stream_k::StreamK;

/// CTA tile rows grouped together in the launch order, so that a wave of CTAs shares A
/// slabs and B slabs in L2 instead of streaming all of B per row of tiles.
const RASTER_GROUP: i64 = 8;

/// Registers a consumer thread needs beside its accumulators (addresses, descriptors,
/// predicates, loop state), for the entry register cap that decides CTAs per SM.
const ADDRESSING_REGS: i64 = 40;

/// The epilogue overlap `EpilogueOverlap::Auto` picks, `(k-tiles, columns per chunk)`, and
/// the most k-tiles a tile may have for it: measured on an H100 (docs/BENCHMARKS.md run 17,
/// 17-b) 2.5% faster at 4096x4096x512, 2.0-2.2% at K = 1000 and 1024, 0.8-1.0% at
/// 8192^2 x 1024 and 6144^2 x 1024, 0.3% at K = 2048; three k-tiles and 64-column chunks
/// measured slower. Up to 64 k-tiles (K = 4096 at f16/bf16) since run 20 (20-d, 20-e): at
/// 4096^3, 4096x6144x4096 and 6144^2 x 4096, against cuBLAS's joules per GEMM in the same
/// call, mosaic's drop 0.2-0.9% on an H200 (-0.4 to +0.4% on an H100). Under the power cap
/// that is 0.3-0.9% faster sustained on the H200 and -0.1 to +0.55% on the H100; timed,
/// -0.2 to +0.5%. Beyond 64 it was mixed (run 19-c, with the old sustained schedule: 0.4-0.8%
/// slower at 4096x15360x5120 and K = 14336).
const AUTO_OVERLAP: (i64, i64) = (2, 128);
const AUTO_OVERLAP_MAX_KT: i64 = 64;

/// Registers per thread ptxas may use under the entry cap of `threads`-thread CTAs, `ctas`
/// of them per SM: the SM's 65536 registers shared out, in the allocation unit of 8.
fn entry_reg_cap(threads: i64, ctas: i64) -> i64 {
    65536 / (threads * ctas) / 8 * 8
}

/// Registers of the producer warpgroup after `setmaxnreg.dec` (it only issues TMA).
const PRODUCER_REGS: u32 = 40;
/// Registers of a consumer warpgroup after `setmaxnreg.inc`, at most: with one producer and
/// two consumers, `128 * (40 + 2 * 232) = 64512` of the SM's 65536 registers; three
/// consumers get 152 each ([`Shape::regs`]).
const CONSUMER_REGS: u32 = 232;

/// Why the Hopper path cannot take a problem with these layouts, or `Ok` when it can. A
/// batched problem (`batch > 1`, batches one after another) runs as one grid over every
/// batch's tiles, through 3-D tensor maps.
///
/// # Errors
/// A one-line reason: the target lacks wgmma, the dtype has no f32-accumulating wgmma path
/// here, or an operand too large for its copy. An operand whose row pitch is not a multiple
/// of 16 bytes (which TMA cannot address) is taken through a copy ([`pad`], [`pad_copies`]),
/// a tf32 B stored MN-major (wgmma transposes only 16-bit types, PTX ISA 9.7.15.5.1.2)
/// through a transposing one ([`transpose`], [`read_layouts`]), and a tf32 A stored MN-major
/// is fed to wgmma from registers ([`a_regs`]).
pub fn supports(
    problem: &tessellate::GemmProblem,
    has_wgmma: bool,
    a_layout: MatLayout,
    b_layout: MatLayout,
) -> Result<(), String> {
    if !has_wgmma {
        return Err("the target has no wgmma".into());
    }
    let dt = problem.dtype;
    if !matches!(dt, GemmDType::F16 | GemmDType::BF16 | GemmDType::TF32) {
        return Err(format!(
            "{dt} has no wgmma lowering yet (f16, bf16, tf32 only)"
        ));
    }
    let eb = dt.input_bytes();
    let [a_rows, b_rows] = stored_rows(problem, a_layout, b_layout);
    let b_t = b_transposed_by_copy(dt, b_layout);
    for (name, (rows, row), t) in [("A", a_rows, false), ("B", b_rows, b_t)] {
        if t && !transpose::fits(problem.batch, rows, row) {
            return Err(format!(
                "tf32 {name} stored MN-major ({rows} rows of {row} elements) is too large for \
                 the transposing copy tf32 wgmma needs"
            ));
        }
        let bytes = row * eb;
        if !t && bytes % 16 != 0 && !pad::fits(rows * problem.batch, bytes) {
            return Err(format!(
                "{name}'s rows of {bytes} bytes (not a multiple of 16, which TMA needs) are too \
                 many or too long for the operand copy"
            ));
        }
    }
    Ok(())
}

/// Whether heterogeneous warpgroup plans (FFMA columns beside the wgmma, [`ffma`]) lower for
/// this problem with A stored as `a_layout`: tf32 with a row-major A only (f32 operands FFMA
/// reads K-major as stored; the 16-bit types would need conversions and MN-major reads, and
/// a column-major tf32 A is fed to wgmma from registers, [`a_regs`]). Where [`supports`]
/// refuses the problem, no warpgroup plan lowers anyway.
pub fn lowers_ffma_columns(problem: &tessellate::GemmProblem, a_layout: MatLayout) -> bool {
    problem.dtype == GemmDType::TF32 && a_layout == MatLayout::RowMajor
}

/// Bytes between consecutive rows of B's tensor map: `n` elements for a row-major B, `k`
/// for a column-major one (or a tf32 B read through its transposing copy, [`read_layouts`]),
/// rounded up to 16 bytes where B is read from a copy ([`pad`], [`transpose`]).
pub fn b_pitch_bytes(problem: &tessellate::GemmProblem, b_layout: MatLayout) -> i64 {
    let (_, b) = read_layouts(problem.dtype, MatLayout::RowMajor, b_layout);
    let [_, (_, row)] = stored_rows(problem, MatLayout::RowMajor, b);
    pad::pitch(row * problem.dtype.input_bytes())
}

/// DRAM bytes each operand copy of a warpgroup kernel reads and writes before the GEMM, one
/// entry per copy: for A and B each whose rows are not a multiple of 16 bytes, its bytes
/// read once and its padded copy written once ([`pad`]); for a tf32 B stored MN-major, its
/// bytes read once and its transposed copy written once ([`transpose::bytes`]); empty where
/// neither operand is copied.
pub fn pad_copies(
    problem: &tessellate::GemmProblem,
    a_layout: MatLayout,
    b_layout: MatLayout,
) -> Vec<i64> {
    let eb = problem.dtype.input_bytes();
    let transposed = [false, b_transposed_by_copy(problem.dtype, b_layout)];
    stored_rows(problem, a_layout, b_layout)
        .into_iter()
        .zip(transposed)
        .filter(|&((_, row), t)| t || (row * eb) % 16 != 0)
        .map(|((rows, row), t)| {
            if t {
                transpose::bytes(problem.batch, rows, row)
            } else {
                pad::bytes(problem.batch * rows, row * eb)
            }
        })
        .collect()
}

/// The layouts a warpgroup kernel's tensor maps read for operands stored as `a` and `b`
/// (kernel terms: A is `m x k`, B `k x n`): as stored, except that a tf32 B stored MN-major
/// is read K-major from its transposing copy ([`transpose`]).
pub fn read_layouts(dtype: GemmDType, a: MatLayout, b: MatLayout) -> (MatLayout, MatLayout) {
    if b_transposed_by_copy(dtype, b) {
        (a, MatLayout::ColMajor)
    } else {
        (a, b)
    }
}

/// Whether a warpgroup kernel reads a B stored as `b` through a transposing copy: a tf32 B
/// stored MN-major (tf32 wgmma reads K-major shared-memory tiles only). A tf32 A stored
/// MN-major is read as stored and fed to wgmma from registers ([`a_regs`]).
fn b_transposed_by_copy(dtype: GemmDType, b: MatLayout) -> bool {
    dtype == GemmDType::TF32 && b_major(b) == Major::Mn
}

/// `(rows, elements a row)` of A and of B as stored (one batch): a K-major operand's rows
/// are its m (A) or n (B) rows of k elements, an MN-major one's k rows of m or n.
fn stored_rows(
    problem: &tessellate::GemmProblem,
    a_layout: MatLayout,
    b_layout: MatLayout,
) -> [(i64, i64); 2] {
    let (m, n, k) = (problem.m, problem.n, problem.k);
    let rows = |major: Major, mn: i64| if major == Major::K { (mn, k) } else { (k, mn) };
    [rows(a_major(a_layout), m), rows(b_major(b_layout), n)]
}

/// The operand layouts of a transposed plan's kernel ([`tessellate::Plan::transposed`]):
/// its A is the caller's B read as `B^T` (row-major B, n fastest, becomes a column-major A),
/// its B the caller's A read as `A^T`.
pub fn transposed_layouts(a: MatLayout, b: MatLayout) -> (MatLayout, MatLayout) {
    let flip = |l: MatLayout| {
        if l == MatLayout::RowMajor {
            MatLayout::ColMajor
        } else {
            MatLayout::RowMajor
        }
    };
    (flip(b), flip(a))
}

/// Whether the Hopper path takes transposed plans of `problem` (the caller's, `m x n x k`)
/// with these layouts: [`supports`] for `n x m x k` with [`transposed_layouts`]. The kernel's
/// B (the caller's A) is read K-major where A is row-major, or where a tf32 A is
/// column-major through its transposing copy ([`transpose`]; at decode shapes that copy of
/// `m x k` elements is far smaller than the plain plan's copy of B); a 16-bit column-major
/// A is read MN-major as stored, its tile of the caller's `m` columns in whole chunks of the
/// swizzle span and one tail box ([`layout`]; measured at decode shapes in run 51-a, above
/// 128 rows in run 52-a, where the model charges them `TRANSPOSED_MN_MAJOR_B_FACTOR`). Batched
/// GEMMs only in tf32 with a row-major B, which a plain plan copies transposed first and a
/// transposed one reads from registers ([`a_regs`]); for the others the model was never
/// measured ranking batched transposed plans.
///
/// # Errors
/// A one-line reason, as [`supports`].
pub fn supports_transposed(
    problem: &tessellate::GemmProblem,
    has_wgmma: bool,
    a_layout: MatLayout,
    b_layout: MatLayout,
) -> Result<(), String> {
    let (a, b) = transposed_layouts(a_layout, b_layout);
    let saves_copy = b_transposed_by_copy(problem.dtype, b_layout);
    if problem.batch != 1 && !saves_copy {
        return Err("a transposed plan of a batched GEMM (tf32 with a row-major B only)".into());
    }
    supports(&problem.transposed(), has_wgmma, a, b)
}

/// The ranking options that depend on the operands: warpgroup (wgmma + TMA) plans, plain and
/// transposed, only where this path lowers them for `problem` with A and B stored as `a`
/// and `b`; B's pitch and major as the tensor maps read it; the operand copies each plan
/// pays; FFMA columns beside wgmma where they lower ([`lowers_ffma_columns`]). The search
/// options (`top`, `budget`, `ratio`, `swizzle`, `stream_k`) are left at their defaults for
/// the caller to set. `mosaic compile` and `mosaic plans` rank with these, so that a plan
/// ranked is a plan this path builds.
pub fn ranking_options(
    problem: &tessellate::GemmProblem,
    has_wgmma: bool,
    a: MatLayout,
    b: MatLayout,
) -> tessellate::Options {
    let transposed = supports_transposed(problem, has_wgmma, a, b).is_ok();
    let (ta, tb) = transposed_layouts(a, b);
    tessellate::Options {
        warpgroups: supports(problem, has_wgmma, a, b).is_ok(),
        transposed_warpgroups: transposed,
        narrow_b_tiles: true,
        b_pitch_bytes: Some(b_pitch_bytes(problem, b)),
        b_k_major: b_major(read_layouts(problem.dtype, a, b).1) == Major::K,
        warpgroup_vector: lowers_ffma_columns(problem, a),
        pad_copies: pad_copies(problem, a, b),
        transposed_pad_copies: if transposed {
            pad_copies(&problem.transposed(), ta, tb)
        } else {
            Vec::new()
        },
        // A 16-bit column-major A, read as stored.
        transposed_b_mn_major: transposed
            && b_major(read_layouts(problem.dtype, ta, tb).1) == Major::Mn,
        ..tessellate::Options::default()
    }
}

/// The layouts of the kernel's A and B as the caller stores them: a transposed plan's A is
/// the caller's B read as `B^T`, its B the caller's A ([`transposed_layouts`]).
fn kernel_layouts(plan: &Plan, opts: &CompileOptions) -> (MatLayout, MatLayout) {
    if plan.transposed {
        transposed_layouts(opts.a_layout, opts.b_layout)
    } else {
        (opts.a_layout, opts.b_layout)
    }
}

fn a_major(l: MatLayout) -> Major {
    if l == MatLayout::RowMajor {
        Major::K
    } else {
        Major::Mn
    }
}

fn b_major(l: MatLayout) -> Major {
    if l == MatLayout::RowMajor {
        Major::Mn
    } else {
        Major::K
    }
}

/// The kernel's shape, checked against the plan.
struct Shape {
    /// CTAs resident per SM (1 to 4); with more than one, one CTA's epilogue overlaps another's main loop.
    ctas: i64,
    /// Consumer warpgroups (1 to 3; 3 only with 64-row warpgroup boxes).
    consumers: i64,
    /// The two consumer warpgroups take whole tiles in turn (ping-pong) instead of sharing
    /// each tile's rows.
    pingpong: bool,
    /// k-splits per tile, one CTA each, reduced through distributed shared memory.
    split: i64,
    /// Tile rows of a multicast cluster (1: none), whose CTAs share each B tile through TMA
    /// multicast: tiles come in groups of `mc_rows` consecutive rows of one tile column (the
    /// last group padded).
    mc_rows: i64,
    /// Tile columns of a multicast cluster (1: none), whose CTAs share each A tile: groups
    /// of `mc_cols` consecutive columns of one tile row. With both at 2 a cluster of four
    /// CTAs takes a 2 x 2 block of tiles, each CTA sharing A with the one beside it and B
    /// with the one below or above it. Rank `r` of the cluster takes row `r mod mc_rows`
    /// and column `r / mc_rows` of the block.
    mc_cols: i64,
    /// At most one CTA per SM over every batch's tiles (`tessellate::ring::is_lone`).
    lone: bool,
    /// Loop over tiles `blockIdx.x + i * gridDim.x` (the first slot permuted by the
    /// [`order`] table where there is one) instead of one tile per CTA.
    persistent: bool,
    /// The stream-K schedule (persistent, no split-K, no multicast).
    sk: Option<StreamK>,
    /// Batches: the grid's tile slots are `batch` runs of [`Shape::tile_slots`], batch `z`
    /// reading and writing slice `z` of the 3-D tensor maps.
    batch: i64,
    /// Output tiles along m and n, and k-tiles of the whole K.
    gm: i64,
    gn: i64,
    kt_count: i64,
    wm: i64,
    /// Columns of the tile (and of each consumer's accumulator fragment): the wgmma's
    /// `bn - ffma_cols`, then `ffma_cols` on FFMA ([`ffma`]).
    bn: i64,
    /// The last columns of every consumer's rows, computed with FFMA from the same stages
    /// (0: wgmma only).
    ffma_cols: i64,
    bk: i64,
    kstep: i64,
    stages: i64,
    /// Tile rows (multicast groups) per launch-order group (see [`raster`]; tile columns with
    /// [`Shape::n_first`]), or with [`Shape::cluster_order`] tile columns per band
    /// ([`order::band_raster`]).
    raster_group: i64,
    /// Launch order n fastest, in groups of `raster_group` tile columns ([`raster`]). The
    /// cluster-order and stream-K tile loops have their own orders and ignore it (an explicit
    /// n-first order is refused there).
    n_first: bool,
    /// Clusters of the grid whose first tiles follow the GPC-major order table
    /// ([`order`]); `None`: launch order in groups of rows ([`raster`]).
    cluster_order: Option<i64>,
    /// Staging buffers per consumer warpgroup of the TMA-store epilogue (0: direct stores).
    store_bufs: i64,
    /// The staged boxes are written to C by the warps, row by row (`epilogue::RowStores`),
    /// not by the TMA engine: an f32 C whose row pitch is not a multiple of 16 bytes.
    row_stores: bool,
    /// C's 16-bit type (`"f16"` or `"bf16"`, as PTX spells it), or `None` for an f32 C.
    c_half: Option<&'static str>,
    /// The plan is transposed: the epilogue writes tile element `(i, j)` to the caller's
    /// `C[j][i]`.
    transposed: bool,
    a: OperandTile,
    b: OperandTile,
    /// The next tile's first k-tiles issued during the epilogue, and the accumulator columns
    /// per chunk ([`overlap`]).
    overlap: Option<(i64, i64)>,
    /// k-tiles the producer prefetches into L2 past the ring ([`prefetch_ahead`]; 0: none).
    l2_prefetch: i64,
    /// Two consumer warpgroups split each tile's k-tiles, even and odd
    /// ([`CompileOptions::k_pair`]; [`pair_partial`]).
    k_pair: bool,
    /// Programmatic dependent launch ([`CompileOptions::pdl`]).
    pdl: Pdl,
    /// Whether the kernel's B map reads a transposing copy ([`transpose`]): a tf32 B stored
    /// MN-major (the caller's B, or the caller's column-major A in a transposed plan).
    b_transposed: bool,
    /// Consumers feed wgmma A from registers loaded from its MN-major tile ([`a_regs`]): a
    /// tf32 A stored MN-major.
    a_regs: bool,
    /// With [`Shape::a_regs`], each consumer's A fragment distances ([`a_regs::check`]);
    /// empty otherwise.
    a_deltas: Vec<a_regs::Deltas>,
}

impl Shape {
    fn of(plan: &Plan, opts: &CompileOptions) -> Result<Self, CodegenError> {
        let p = plan.problem;
        fn unsupported<T>(m: String) -> Result<T, CodegenError> {
            Err(CodegenError::Unsupported(m))
        }
        let (a_layout, b_layout) = kernel_layouts(plan, opts);
        supports(&p, true, a_layout, b_layout).or_else(unsupported)?;
        let b_transposed = b_transposed_by_copy(p.dtype, b_layout);
        let (a_layout, b_layout) = read_layouts(p.dtype, a_layout, b_layout);
        let [wm, wn, bk] = plan.worker_tile();
        let eb = p.dtype.input_bytes();
        let (region, ffma_cols) = match plan.regions.as_slice() {
            [region] if plan.split == Split::Uniform => (region, 0),
            [region, cols] => (
                region,
                ffma::columns(plan, region, cols).or_else(unsupported)?,
            ),
            _ => return unsupported("this heterogeneous warpgroup tiling".into()),
        };
        let Instruction::Wgmma { n, acc, .. } = region.piece.instruction() else {
            return unsupported("a warpgroup plan whose piece is not wgmma".into());
        };
        if plan.workers[1] != 1
            || i64::from(n) != wn - ffma_cols
            || acc != DType::F32
            || !SPANS.contains(&(bk * eb))
            || !(wm == 64 || wm == 128)
            || wn % 8 != 0
            || !(1..=3).contains(&plan.workers[0])
            || (plan.workers[0] == 3 && wm != 64)
        {
            return unsupported(format!(
                "this warpgroup tiling ({}x{}x{} CTA, {} warpgroups, {})",
                plan.cta_tile[0],
                plan.cta_tile[1],
                plan.cta_tile[2],
                plan.workers[0] * plan.workers[1],
                region.piece.instruction()
            ));
        }
        // 128 accumulator registers per thread is what 232 registers hold with room for
        // addressing; more spills.
        if wm * wn / 128 > 128 {
            return unsupported(format!("{wm}x{wn} accumulators per warpgroup"));
        }
        let split = plan.split_k.max(1);
        let stream_k = opts.stream_k.unwrap_or(plan.stream_k);
        if stream_k && split > 1 {
            return unsupported(format!("stream-K with split-K {split}"));
        }
        let c_half = match (opts.half_c, p.dtype) {
            (false, _) => None,
            (true, GemmDType::F16) => Some("f16"),
            (true, GemmDType::BF16) => Some("bf16"),
            (true, d) => return unsupported(format!("a 16-bit C for {d} inputs")),
        };
        // A stream-K contributor adds its partial tile into C, which in 16 bits would round
        // every piece's sum.
        if c_half.is_some() && stream_k {
            return unsupported("stream-K with a 16-bit C".into());
        }
        let c_bytes = if c_half.is_some() { 2 } else { 4 };
        if p.batch > 1 && stream_k {
            return unsupported("a stream-K plan of a batched GEMM".into());
        }
        let persistent = stream_k || (split == 1 && opts.persistent.unwrap_or(plan.persistent));
        let pingpong = opts.pingpong == Some(true);
        if pingpong && (plan.workers[0] != 1 || !persistent || stream_k) {
            return unsupported(format!(
                "ping-pong consumers for a {}-warpgroup{}{} plan (needs one warpgroup, persistent, no stream-K)",
                plan.workers[0],
                if persistent { "" } else { ", non-persistent" },
                if stream_k { ", stream-K" } else { "" },
            ));
        }
        let k_pair = opts.k_pair;
        if k_pair
            && let Some(need) = first_lack([
                (plan.workers[0] != 1, "one warpgroup"),
                (persistent, "a non-persistent plan"),
                (split > 1 || stream_k, "no split-K or stream-K"),
                (pingpong, "no ping-pong consumers"),
                (ffma_cols > 0, "no FFMA columns"),
                (plan.grid()[2] < 2, "two k-tiles or more"),
            ])
        {
            return unsupported(format!(
                "two consumer warpgroups splitting the k-tiles of a {}-warpgroup plan (needs {need})",
                plan.workers[0]
            ));
        }
        let consumers = if pingpong || k_pair {
            2
        } else {
            plan.workers[0]
        };
        // A multicast (alone, which turns B multicast off, or with B's over a 2 x 2 cluster)
        // is opt-in and measured only on these kernels: not ping-pong consumers, whose tiles
        // alternate between warpgroups. Transposed plans may share their operands (the
        // caller's B and A) the same way: correct, but slower than the decode defaults at
        // M = 128 with 32- and 64-row tiles (docs/BENCHMARKS.md run 36-a), so no rule takes it.
        // The plan's block of tiles sharing A and B (`tessellate`'s block rule), unless
        // the options ask for other multicast or a stream-K tail.
        let plan_block = (plan.multicast_a > 1
            && opts.multicast.is_none()
            && opts.multicast_a.is_none()
            && !stream_k)
            .then_some([plan.multicast.max(1), plan.multicast_a]);
        let block = opts.multicast_ab.or(plan_block);
        let mcast_ab = block.is_some();
        let [block_rows, block_cols] = block.unwrap_or([1, 1]);
        let mcast_a = opts.multicast_a == Some(true) || mcast_ab;
        // Powers of two, so that a rank's place in the block is a shift and a mask away and
        // every cut of a box is whole swizzle atoms; at most 8 CTAs, the portable cluster.
        let pow2 = |x: i64| x >= 1 && x & (x - 1) == 0;
        if mcast_ab
            && !(pow2(block_rows)
                && pow2(block_cols)
                && (2..=8).contains(&(block_rows * block_cols)))
        {
            return unsupported(format!(
                "an A and B multicast block of {block_rows} x {block_cols} tiles (powers of two, 2 to 8 CTAs)"
            ));
        }
        if mcast_a
            && let Some(need) = first_lack([
                (stream_k, "no stream-K"),
                (pingpong, "no ping-pong consumers"),
                (
                    opts.cluster_order == Some(true),
                    "no GPC-major cluster order",
                ),
            ])
        {
            return unsupported(format!(
                "{} multicast (needs {need})",
                if mcast_ab { "A and B" } else { "A" }
            ));
        }
        // B multicast alone needs a cluster of its own (split-K clusters are one tile each),
        // and a stream-K range is not a cluster's pair of tile rows. Pairs or, from the plan
        // (`tessellate`'s lone grids), four tile rows: a B box is cut along its outer rows
        // into `mc_rows` pieces, each a whole number of 8-row swizzle atoms.
        let (mc_rows, mc_cols) = match opts.multicast {
            _ if mcast_ab => (block_rows, block_cols),
            _ if mcast_a => (1, 2),
            Some(true) => (2, 1),
            Some(false) => (1, 1),
            None if stream_k => (1, 1),
            None => (plan.multicast.max(1), 1),
        };
        if mc_cols == 1 && mc_rows != 1 && (![2, 4].contains(&mc_rows) || stream_k) {
            return unsupported(if stream_k {
                format!("B multicast over {mc_rows} CTAs with stream-K")
            } else {
                format!("B multicast over {mc_rows} CTAs (2 or 4)")
            });
        }
        let mcast = mc_rows * mc_cols;
        // With split-K a cluster holds `split` copies of the multicast block, one per k-split
        // (rank `s * mcast + block rank`): at most the portable 8 CTAs.
        if mcast > 1 && split * mcast > 8 {
            return unsupported(format!(
                "multicast over {mcast} CTAs with split-K {split} (clusters of at most 8 CTAs)"
            ));
        }
        // Each box of a shared tile is cut among the CTAs that share it.
        let (a_cut, b_cut) = (mc_cols, mc_rows);
        let a = OperandTile {
            major: a_major(a_layout),
            rows: plan.cta_tile[0],
            eb,
            span: bk * eb,
            cut: a_cut,
        };
        let b = OperandTile {
            major: b_major(b_layout),
            rows: wn,
            eb,
            span: bk * eb,
            cut: b_cut,
        };
        let a_regs = a_regs::feeds(&a);
        if a_regs && ffma_cols > 0 {
            return unsupported("FFMA columns beside wgmma fed A from registers".into());
        }
        // A tail box (a last chunk read in part) was measured only for B at 128-byte spans
        // (`tessellate::ring::tile_loads`): after a whole chunk (96 columns, runs
        // 23-c..23-e) or alone (a transposed plan's 8 to 128 columns of a 16-bit
        // column-major A, run 51-a); A tiles are whole chunks.
        let b_loads = tessellate::ring::tile_loads(b.rows, b.span, b.eb, b.major == Major::Mn);
        if a.tail_inner().is_some() || !b_loads {
            return unsupported(format!(
                "{}x{wn} tiles whose MN-major chunks of {}-byte spans are read in part",
                plan.cta_tile[0], b.span
            ));
        }
        for (t, name) in [(&a, "A"), (&b, "B")] {
            if !t.cut_ok() {
                return unsupported(format!(
                    "{name} multicast cutting {}-row boxes into {}",
                    t.box_dims()[1] * t.cut,
                    t.cut
                ));
            }
        }
        // Every tile starts 1024-aligned (the widest swizzle atom), so tiles come in whole
        // kilobytes (a 32B-span tile of 16 rows would leave the next one misaligned).
        if (a.bytes() % ATOM != 0) || (b.bytes() % ATOM != 0) {
            return unsupported(format!(
                "{}- and {}-row tiles of {}-byte swizzle spans (not whole kilobytes)",
                a.rows, b.rows, a.span
            ));
        }
        let stage = a.bytes() + b.bytes();
        let ring = |stages: i64| ring::ring_bytes(stage, stages);
        // ptxas allocates the whole kernel within the entry cap `65536 / (threads * ctas)`
        // (setmaxnreg only moves registers at run time), so the cap must hold the consumer's
        // accumulators and addressing.
        let threads = 128 * (consumers + 1);
        // Split-K kernels also hold the reduction's addresses and loaded vectors, more with
        // more splits (ptxas hoists every split's remote loads): without this a 64x64
        // split-K 4 tile spilled at 3 CTAs/SM and a 64x128 one at 2 (ptxas 13.0, CI).
        let extra = if plan.split_k > 1 {
            8 * plan.split_k
        } else {
            0
        };
        let need = wm * wn / 128
            + ADDRESSING_REGS
            + extra
            + tessellate::cost::ffma_column_regs(wm, ffma_cols)
            + if a_regs {
                // k-steps of 32 bytes a k-tile.
                a_regs::regs(wm / 64, bk * eb / 32)
            } else {
                0
            };
        let mut ctas = (1..=plan.modeled.ctas_per_sm.clamp(1, 4))
            .rev()
            .find(|&c| entry_reg_cap(threads, c) >= need)
            .unwrap_or(1);
        let per_sm = i64::from(opts.smem_per_sm);
        let limit_for = |c: i64| ring::smem_for_ring(i64::from(opts.smem_limit), per_sm, c);
        let mut stages = opts
            .stages
            .map_or(plan.stages, i64::from)
            .clamp(2, ring::MAX_STAGES);
        // A grid of at most one CTA per SM, every batch's tiles counted (decode-like shapes,
        // which stream the weights)
        // has no co-resident CTA to make room for: one CTA per SM, with the deeper ring the
        // plan already holds (`tessellate::ring`). With `--stages` the ring is as asked, but
        // still one CTA per SM, so that a stage sweep times the kernel the default builds at
        // another depth.
        let [gm, gn, kt_count] = plan.grid();
        let lone = ring::is_lone(opts.sms, p.batch * gm * gn * split);
        if lone {
            ctas = 1;
        }
        // Stages asked for explicitly win over co-resident CTAs: fewer CTAs share the SM.
        if opts.stages.is_some() {
            while ctas > 1 && ring(stages) > limit_for(ctas) {
                ctas -= 1;
            }
        }
        let limit = limit_for(ctas);
        while stages > 2 && ring(stages) > limit {
            stages -= 1;
        }
        if ring(stages) > limit {
            return unsupported(format!("{stage}-byte stages in {limit} bytes"));
        }
        // The TMA-store epilogue's staging buffers (one or two per consumer warpgroup): where
        // they fit beside the stages, or, asked for, in place of stages.
        let staging = |bufs: i64| stagers(k_pair, consumers) * bufs * epilogue::STORE_BOX_BYTES;
        // Boxes are one 128-byte span of C wide, and tile the tile's columns. A transposed
        // plan's C tile is a column block of the caller's C, whose row pitch is the kernel's
        // m; it stages boxes transposed ([`epilogue`]).
        let c_pitch = if plan.transposed { p.m } else { p.n } * c_bytes;
        let stage_multiple = epilogue::stage_multiple(plan.transposed, c_bytes);
        // Where C's pitch rules out a TMA store, the warps write the staged boxes themselves
        // (an f32 C, not transposed, not with the TMA store asked for): 128 consecutive
        // bytes of a row per store instead of the fragment's scattered single elements.
        let pitch_ok = c_pitch % 16 == 0;
        let row_stores =
            !pitch_ok && !plan.transposed && c_half.is_none() && opts.tma_store.is_none();
        let store_ok = (pitch_ok || row_stores) && wn % stage_multiple == 0;
        // Where the TMA store may stage: `(use, take)`, `take` meaning its buffers may take
        // stages where the ring leaves no room (asked for, and by default for transposed
        // plans above 128 rows, whose direct stores are scalar along the caller's rows: lone
        // such grids with deep rings ran 1.02-1.09x faster so, f32 and 16-bit C; H100,
        // docs/BENCHMARKS.md run 29-g). A transposed decode plan (the caller's m within one
        // wgmma n) with an f32 C keeps direct stores unless asked: a warp's store there fills
        // whole 32-byte sectors (8 lanes x 4 bytes in each of 4 rows), and a lone tile has
        // nothing for the TMA store to overlap. Staged, 128x5120x5120 and bf16
        // 128x5120x13824 ran 0.5-1.6% slower in five of six pairs on an H100 and 0.4-1.0% on
        // an H200; with a 16-bit C (16 bytes a sector row) staging ran 1-5% faster (runs
        // 29-a, 29-b, 29-d).
        let (use_store, take_stages) = match opts.tma_store {
            // A split stores only its quads of the tile ([`split_k`]), not whole boxes.
            Some(true) if split > 1 => {
                return unsupported(format!("a TMA-store epilogue with split-K {split}"));
            }
            _ if split > 1 => (false, false),
            Some(on) => (on, on),
            None if plan.transposed && p.n <= 128 => (c_half.is_some(), false),
            None => (true, plan.transposed),
        };
        if opts.tma_store == Some(true) {
            if !store_ok {
                return unsupported(if c_pitch % 16 != 0 {
                    format!(
                        "a TMA-store epilogue for N = {} (C's row pitch must be a multiple of 16 bytes)",
                        c_pitch / c_bytes
                    )
                } else {
                    format!(
                        "a TMA-store epilogue for {wn}-column tiles (stages are {stage_multiple} columns)"
                    )
                });
            }
            if ring(2) + staging(1) > limit {
                return unsupported(format!("a TMA-store epilogue beside {stage}-byte stages"));
            }
        }
        let mut store_bufs = 0;
        if use_store && store_ok {
            if take_stages && ring(2) + staging(1) <= limit {
                while stages > 2 && ring(stages) + staging(1) > limit {
                    stages -= 1;
                }
            }
            store_bufs = [2, 1]
                .into_iter()
                .find(|&n| ring(stages) + staging(n) <= limit)
                .unwrap_or(0);
        }
        // The other splits' quads land in a buffer of their own beside the stages, as does
        // a k-pair's partial tile.
        // (The staging buffers beside them too: a k-pair kernel has both; 300x2000x1000
        // bf16 asked for 238720 bytes, over the H100's 232448, before they counted here.)
        let recv = ring::split_k_bytes(split, consumers, wm, wn)
            + pair_bytes(k_pair, wm, wn)
            + staging(store_bufs);
        while stages > 2 && ring(stages) + recv > limit {
            stages -= 1;
        }
        if ring(stages) + recv > limit {
            return unsupported(format!(
                "{} of a {}x{wn} tile beside {stage}-byte stages",
                if k_pair {
                    "a k-pair's partial".to_string()
                } else {
                    format!("split-K {split} partials")
                },
                plan.cta_tile[0]
            ));
        }
        if opts.raster_group == Some(0) {
            return unsupported("a launch-order group of 0 tile rows".into());
        }
        if ffma_cols > 0 && (split > 1 || stream_k) {
            return unsupported(format!(
                "FFMA columns beside wgmma with {}",
                if stream_k { "stream-K" } else { "split-K" }
            ));
        }
        let sk =
            stream_k.then(|| StreamK::new(gm * gn, kt_count, i64::from(opts.sms.max(1)) * ctas));
        // What a kernel needs to issue `kts` k-tiles in `cols`-column chunks during its
        // epilogue ([`overlap`]), the first need it lacks.
        let lacks = |(kts, cols): (i64, i64)| {
            first_lack([
                (!persistent, "a persistent kernel"),
                (pingpong, "no ping-pong consumers"),
                (split > 1 || stream_k, "no split-K or stream-K"),
                (ffma_cols > 0, "no FFMA columns"),
                (a_regs, "A not fed from registers"),
                (kts < 1 || kts >= kt_count, "more k-tiles in a tile"),
                // The k-tiles' stages are all held until the epilogue ends: more than the
                // ring would wait on a stage only their own release frees.
                (kts > stages, "no more k-tiles than stages"),
                (
                    cols % 64 != 0 || cols == 0 || wn % cols != 0,
                    "chunks of a multiple of 64 columns dividing the tile's",
                ),
            ])
        };
        let overlap = match opts.epilogue_overlap {
            EpilogueOverlap::Off => None,
            EpilogueOverlap::Auto => {
                (store_bufs > 0 && kt_count <= AUTO_OVERLAP_MAX_KT && lacks(AUTO_OVERLAP).is_none())
                    .then_some(AUTO_OVERLAP)
            }
            EpilogueOverlap::On { k_tiles, cols } => {
                let (kts, cols) = (i64::from(k_tiles), i64::from(cols));
                if let Some(need) = lacks((kts, cols)) {
                    return unsupported(format!(
                        "issuing {kts} of {kt_count} k-tiles in the epilogue in {cols}-column chunks of a {wn}-column tile (needs {need})"
                    ));
                }
                Some((kts, cols))
            }
        };
        // A k-pair warpgroup keeps its previous k-tile's stage until its next k-tile (two
        // on) has landed: with two stages that is the same stage, which the producer cannot
        // refill before it is released (the simulator deadlocks there).
        if k_pair && stages < 3 {
            return unsupported(format!(
                "two consumer warpgroups splitting the k-tiles of a ring of {stages} stages (needs 3 or more)"
            ));
        }
        let mut sh = Shape {
            ctas,
            consumers,
            pingpong,
            split,
            mc_rows,
            mc_cols,
            lone,
            persistent,
            sk,
            batch: p.batch,
            gm,
            gn,
            kt_count,
            wm,
            bn: wn,
            ffma_cols,
            bk,
            kstep: 32 / eb,
            stages,
            store_bufs,
            row_stores: row_stores && store_bufs > 0,
            c_half,
            raster_group: opts.raster_group.map_or(RASTER_GROUP, i64::from),
            n_first: false,
            cluster_order: None,
            transposed: plan.transposed,
            a,
            b,
            overlap,
            l2_prefetch: opts.l2_prefetch.map_or(0, i64::from),
            k_pair,
            pdl: match opts.pdl {
                Pdl::Auto => Pdl::On,
                x => x,
            },
            b_transposed,
            a_regs,
            a_deltas: Vec::new(),
        };
        if a_regs {
            sh.a_deltas = a_regs::check(&sh).or_else(unsupported)?;
        }
        // With one row or one column of (multicast) tile groups both orders are the same: m
        // fastest then, as before run 30, so that such kernels' PTX is unchanged.
        sh.n_first = opts
            .raster_n_first
            .unwrap_or_else(|| sh.row_groups() > 1 && sh.col_groups() > 1 && n_first(lone, plan));
        // What the GPC-major cluster order needs, the first need it lacks: one grid of
        // persistent CTAs over whole tiles of one batch.
        let order_lacks = first_lack([
            (!persistent, "a persistent kernel"),
            (split > 1 || stream_k, "no split-K or stream-K"),
            (p.batch > 1, "one batch"),
        ]);
        let gpc_order = match opts.cluster_order {
            Some(false) => false,
            // Measured where B is multicast from one CTA per SM (docs/BENCHMARKS.md run 18).
            None => order_lacks.is_none() && (mc_rows, mc_cols) == (2, 1) && ctas == 1 && !pingpong,
            Some(true) => {
                if let Some(need) = order_lacks {
                    return unsupported(format!("a GPC-major cluster order (needs {need})"));
                }
                true
            }
        };
        if opts.raster_n_first == Some(true) && (gpc_order || sk.is_some()) {
            return unsupported(
                "an n-fastest launch order beside a GPC-major cluster order (`--cluster-order off` turns that off) or stream-K"
                    .into(),
            );
        }
        if gpc_order {
            let clusters = sh.grid(opts.sms) / mcast;
            // The table holds u16 logical indices.
            if clusters > 1 << 16 {
                return unsupported(format!(
                    "a GPC-major order of {clusters} clusters (at most 65536)"
                ));
            }
            sh.cluster_order = Some(clusters);
        }
        // Tile indices are u32 and a grid's x extent at most 2^31 - 1 (CUDA); below that,
        // a persistent CTA's `tile + stride` cannot wrap either.
        if sh.tile_slots().saturating_mul(sh.batch) > i64::from(i32::MAX) {
            return unsupported(format!(
                "{} batches of {} tile slots (more than 2^31 - 1 CTAs in all)",
                sh.batch,
                sh.tile_slots()
            ));
        }
        Ok(sh)
    }

    /// Registers per thread after `setmaxnreg` (used with one CTA per SM; with more, every
    /// warpgroup keeps the entry cap): `(producer, consumer)`. The SM's 65536 registers are
    /// split between one producer and `consumers` consumer warpgroups of 128 threads; counts
    /// are multiples of 8 in `[24, 256]` (PTX ISA 9.7.17.1, setmaxnreg).
    fn regs(&self) -> (u32, u32) {
        let per_thread_sum = 65536 / self.ctas / 128;
        let consumer = ((per_thread_sum - i64::from(PRODUCER_REGS)) / self.consumers / 8 * 8)
            .min(i64::from(CONSUMER_REGS));
        (PRODUCER_REGS, consumer as u32)
    }

    /// The stream-K schedule where some unit is a partial tile (so the kernel takes a
    /// workspace).
    fn partials(&self) -> Option<StreamK> {
        self.sk.filter(StreamK::has_partials)
    }

    /// L2 promotion of the kernel's tensor maps, bytes: 128 for a lone grid of 16-bit
    /// operands, 256 otherwise. Measured (docs/BENCHMARKS.md run 22-j..22-m, every map
    /// alike, LLM suites against 256): on two H200s the f16 and bf16 suites' M = 16 and
    /// M = 128 rows, all lone grids, ran up to 5% faster (16x6144x4096 1.021-1.029 ->
    /// 1.053-1.065x cuBLAS; geomeans 1.033-1.036 -> 1.051-1.054), while the persistent
    /// M = 4096 rows lost 0.3-0.7% with 128, so they keep 256; on an H100 the f16 suite
    /// was level (1.018 / 1.019) and the tf32 one lost 1.8% (1.032 -> 1.014), so tf32 keeps
    /// 256.
    fn l2_promotion_bytes(&self) -> u32 {
        if self.lone && self.a.eb == 2 {
            128
        } else {
            256
        }
    }

    /// Stream-K workspace: one `u32` flag per CTA.
    fn workspace_bytes(&self, sk: StreamK) -> i64 {
        sk.ctas * 4
    }

    /// Rows of the output tile between consecutive consumer warpgroups' rows: `wm`, or 0 with
    /// ping-pong consumers, which each own a whole tile, and a k-pair's, which each hold all
    /// of its rows (for half of its k-tiles).
    fn wg_row_step(&self) -> i64 {
        if self.pingpong || self.k_pair {
            0
        } else {
            self.wm
        }
    }

    /// Arrivals per consumer warpgroup that release a stage on each CTA of the multicast
    /// set: one, from one thread once the warpgroup's `wgmma.wait_group` has passed, as
    /// CUTLASS's `PipelineTmaAsync::consumer_release` signals (the stage is read only by
    /// wgmma, whose completion the wait covers for the whole warpgroup); with FFMA
    /// columns four, one per warp, since each warp also reads the stage with `ld.shared`
    /// after its wgmma and may still be doing so when another warp passes its wait.
    fn releasers(&self) -> i64 {
        if self.ffma_cols > 0 { 4 } else { 1 }
    }

    /// CTAs whose producers write into each of this CTA's stages, itself included: every
    /// CTA of the multicast cluster where it shares one operand, or in a block of tiles
    /// those of its tile row and its tile column (`mc_rows + mc_cols - 1`). Each one's
    /// consumers release the stage on this CTA's `empty` barrier.
    fn writers(&self) -> i64 {
        self.mc_rows + self.mc_cols - 1
    }

    /// Consumer warpgroups reading each stage (each arrives on its `empty` barrier).
    fn stage_readers(&self) -> i64 {
        if self.pingpong || self.k_pair {
            1
        } else {
            self.consumers
        }
    }

    fn stage_bytes(&self) -> i64 {
        self.a.bytes() + self.b.bytes()
    }

    /// Bytes the TMA engine writes into one stage (what its `full` barrier expects): the
    /// stage less what a B tail box leaves unwritten ([`OperandTile::tx_bytes`]).
    fn stage_tx_bytes(&self) -> i64 {
        self.a.tx_bytes() + self.b.tx_bytes()
    }

    /// Bytes of the TMA-store staging buffers, all consumer warpgroups that store C together
    /// (a k-pair's warpgroup 0 alone).
    fn staging_bytes(&self) -> i64 {
        stagers(self.k_pair, self.consumers) * self.store_bufs * epilogue::STORE_BOX_BYTES
    }

    /// Dynamic shared memory: the stages, the staging buffers, split-K's receive buffer and
    /// `recv` barrier, the stages' barriers, and slack to align the base to 1024.
    fn smem_bytes(&self) -> i64 {
        ATOM + self.stages * self.stage_bytes()
            + self.staging_bytes()
            + ring::split_k_bytes(self.split, self.consumers, self.wm, self.bn)
            + pair_bytes(self.k_pair, self.wm, self.bn)
            + 16 * self.stages
    }

    /// Byte offset from the shared base of split-K's receive buffer ([`split_k`]), or of a
    /// k-pair's partial tile ([`pair_partial`]): after the stages and the staging buffers.
    fn recv_offset(&self) -> i64 {
        self.stages * self.stage_bytes() + self.staging_bytes()
    }
}

/// Lowers a warpgroup plan (one wgmma region covering the worker box) to the
/// warp-specialized TMA + wgmma kernel described in the module docs.
///
/// # Errors
/// [`CodegenError::Unsupported`] for what [`supports`] refuses, heterogeneous or split
/// warpgroup tiles, or tiles whose stages do not fit `opts.smem_limit`.
pub fn build(plan: &Plan, opts: &CompileOptions) -> Result<Kernel, CodegenError> {
    let sh = Shape::of(plan, opts)?;
    let p = plan.problem;
    let dt = p.dtype;
    let eb = dt.input_bytes();
    let threads = 128 * (sh.consumers + 1);
    let s_count = sh.stages;

    let mut b = Builder::default();
    if sh.pdl != Pdl::Off {
        // The next grid in the stream may launch once every CTA of this one has started;
        // its threads wait (`griddepcontrol.wait`) before touching global memory.
        b.emit(Op::Griddepcontrol, "launch_dependents", vec![]);
    }
    let mut params: Vec<Param> = ["A", "B", "C"]
        .iter()
        .map(|n| Param::new(ParamType::U64, *n))
        .collect();
    for n in ["M", "N", "K"] {
        params.push(Param::new(ParamType::U32, n));
    }
    params.push(Param::new(ParamType::F32, "alpha"));
    params.push(Param::new(ParamType::F32, "beta"));
    params.push(Param::new(ParamType::TensorMap, "tmap_a"));
    params.push(Param::new(ParamType::TensorMap, "tmap_b"));
    if sh.store_bufs > 0 && !sh.row_stores {
        params.push(Param::new(ParamType::TensorMap, "tmap_c"));
    }
    if sh.b.tail_inner().is_some() {
        params.push(Param::new(ParamType::TensorMap, "tmap_b_tail"));
    }
    if sh.partials().is_some() {
        params.push(Param::new(ParamType::U64, "W"));
    }

    // Shared memory: 1024-aligned stages [A tile | B tile], the epilogue's staging buffers
    // (1024-aligned), split-K's receive buffer, then full[S], empty[S] and split-K's `recv`.
    let base = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(base), sym("smem")]);
    b.emit(Op::Add, "u32", vec![r(base), r(base), imm(ATOM - 1)]);
    b.emit(Op::And, "b32", vec![r(base), r(base), imm(!(ATOM - 1))]);
    let recv_bytes = ring::split_k_recv_bytes(sh.split, sh.consumers, sh.wm, sh.bn);
    let bars = b.add_u32(
        base,
        sh.recv_offset() + recv_bytes + pair_bytes(sh.k_pair, sh.wm, sh.bn),
    );
    let full = |s: i64| 8 * s;
    let empty = |s: i64| 8 * (s_count + s);
    let tid = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(tid), sym("%tid.x")]);
    let is_t0 = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "eq.u32", vec![r(is_t0), r(tid), imm(0)]);
    b.comment("thread 0: initialise the stage barriers");
    for s in 0..s_count {
        b.emit_if(
            is_t0,
            false,
            Op::Mbarrier,
            "init.shared::cta.b64",
            vec![addr(bars, full(s)), imm(1)],
        );
        b.emit_if(
            is_t0,
            false,
            Op::Mbarrier,
            "init.shared::cta.b64",
            vec![
                addr(bars, empty(s)),
                imm(sh.releasers() * sh.stage_readers() * sh.writers()),
            ],
        );
    }
    if sh.split > 1 {
        // Split-K's `recv`: one arrival, this CTA's expectation of its bytes.
        let at = addr(bars, split_k::recv_bar(s_count));
        b.emit_if(
            is_t0,
            false,
            Op::Mbarrier,
            "init.shared::cta.b64",
            vec![at, imm(1)],
        );
    }
    // The barrier inits must be visible to the async proxy (TMA complete_tx) before use.
    b.emit(Op::Fence, "mbarrier_init.release.cluster", vec![]);
    b.emit(Op::Fence, "proxy.async.shared::cta", vec![]);
    if sh.mcast() > 1 {
        // The peer's TMA multicast and stage releases reach this CTA's barriers.
        cluster_sync(&mut b);
    } else {
        b.emit(Op::Bar, "sync", vec![imm(0)]);
    }
    if sh.split > 1 {
        // The other splits reach this CTA's `recv` barrier only after their main loops:
        // each thread waits for this arrival there (CUTLASS's `cluster_arrive_relaxed`
        // after barrier init), not here.
        b.emit(Op::Barrier, "cluster.arrive.relaxed", vec![]);
    }

    let wg = b.reg(RegClass::B32);
    b.emit(Op::Shr, "u32", vec![r(wg), r(tid), imm(7)]);
    let is_prod = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "eq.u32", vec![r(is_prod), r(wg), imm(0)]);
    let consumer = b.fresh_label("CONSUMER");
    b.emit_if(is_prod, true, Op::Bra, "uni", vec![sym(&consumer)]);

    producer(&mut b, &sh, base, bars, tid);

    b.label(&consumer);
    if sh.pdl != Pdl::Off {
        b.emit(Op::Griddepcontrol, "wait", vec![]);
    }
    // One copy of the consumer code per consumer warpgroup, so that its index is an
    // immediate: ptxas then keeps the A descriptors (which carry the warpgroup's row offset)
    // in uniform registers as it does B's. Derived from `%tid`, the offset put A's
    // descriptor arithmetic in regular registers, with an `R2UR` pair and a 64-bit carry
    // add before each `HGMMA` (SASS of the 4096^3 kernel, docs/BENCHMARKS.md run 8-l).
    for c in 0..sh.consumers {
        let next = (c + 1 < sh.consumers).then(|| b.fresh_label("CONSUMER_WG"));
        if let Some(next) = &next {
            let other = b.reg(RegClass::Pred);
            b.emit(Op::Setp, "ne.u32", vec![r(other), r(wg), imm(1 + c)]);
            b.emit_if(other, false, Op::Bra, "uni", vec![sym(next)]);
        }
        consumer_body(&mut b, &sh, &p, base, bars, tid, c);
        b.emit(Op::Ret, "", vec![]);
        if let Some(next) = &next {
            b.label(next);
        }
    }

    let mut entry = Entry::new("mosaic_gemm");
    entry.params = params;
    entry.max_ntid = Some(threads as u32);
    // A register cap at entry is what lets setmaxnreg move registers between warpgroups.
    entry.min_ctas_per_sm = Some(sh.ctas as u32);
    entry.cluster_x = (sh.split * sh.mcast() > 1).then_some((sh.split * sh.mcast()) as u32);
    entry.regs = b.decls();
    entry.shared = vec![Shared {
        name: "smem".into(),
        align: ATOM as u32,
        bytes: 0,
    }];
    entry.body = b.body;
    let mut module = Module {
        // `st.async` (split-K) is PTX ISA 8.1.
        version: if sh.split > 1 { (8, 1) } else { (8, 0) },
        target: plan.target.clone(),
        consts: sh
            .cluster_order
            .map(order::identity_table)
            .into_iter()
            .collect(),
        entries: vec![entry],
    };
    let elem = match dt {
        GemmDType::BF16 => TmaElem::BF16,
        GemmDType::TF32 => TmaElem::F32,
        _ => TmaElem::F16,
    };
    let map = |operand: TmaOperand, t: &OperandTile, mn: i64, bx: [i64; 2]| {
        let dims = match t.major {
            Major::K => [p.k, mn],
            Major::Mn => [mn, p.k],
        };
        // Rows of a pitch TMA cannot take are read from the launcher's copy (`pad`).
        let pitch = pad::pitch(dims[0] * eb);
        TensorMapSpec {
            operand,
            elem,
            dims: dims.map(|d| d as u64),
            stride_bytes: pitch as u64,
            box_dims: bx.map(|d| d as u32),
            swizzle_bytes: t.span as u32,
            batch: p.batch as u64,
            batch_stride_bytes: (dims[1] * pitch) as u64,
            l2_promotion_bytes: sh.l2_promotion_bytes(),
        }
    };
    // A transposed plan's A tiles come from the caller's B buffer and its B tiles from A.
    let (a_buf, b_buf) = if plan.transposed {
        (TmaOperand::B, TmaOperand::A)
    } else {
        (TmaOperand::A, TmaOperand::B)
    };
    let mut tensor_maps = vec![
        map(a_buf, &sh.a, p.m, sh.a.box_dims()),
        map(b_buf, &sh.b, p.n, sh.b.box_dims()),
    ];
    if sh.store_bufs > 0 && !sh.row_stores {
        tensor_maps.push(epilogue::tensor_map(&p, &sh));
    }
    if sh.b.tail_inner().is_some() {
        // The same tensor, boxes as wide as the last chunk's columns (see `layout`).
        let last = sh.b.boxes() - 1;
        tensor_maps.push(map(b_buf, &sh.b, p.n, sh.b.box_dims_of(last)));
    }
    // One copy per operand buffer that a tf32 map reads transposed or whose rows TMA cannot
    // address, its entry beside the GEMM's.
    let mut padded = Vec::new();
    let pdl = sh.pdl != Pdl::Off;
    for (t, transposed) in tensor_maps[..2].iter().zip([false, sh.b_transposed]) {
        let copy = if transposed {
            // The map's rows of k elements are the caller's columns: it stores k rows of n
            // elements (the caller's B, or a transposed plan's caller's A).
            Some(transpose::copy(
                t.operand,
                p.batch,
                p.k,
                t.dims[1] as i64,
                pdl,
            ))
        } else {
            let row_bytes = t.dims[0] as i64 * eb;
            pad::copy(t.operand, t.dims[1] as i64 * p.batch, row_bytes, pdl)
        };
        if let Some((copy, entry)) = copy {
            module.entries.push(entry);
            padded.push(copy);
        }
    }
    let ptx = emit_ptx::print_module(&module);
    let smem = sh.smem_bytes() as u32;
    Ok(Kernel {
        ptx,
        module,
        entry: "mosaic_gemm".into(),
        grid: [sh.grid(opts.sms) as u32, 1, 1],
        block: [threads as u32, 1, 1],
        smem_bytes: smem,
        dynamic_smem_bytes: smem,
        stages: sh.stages as u32,
        tensor_maps,
        workspace_bytes: sh.partials().map_or(0, |sk| sh.workspace_bytes(sk)) as u64,
        cluster_order: sh.cluster_order.map(|clusters| ClusterOrder {
            symbol: order::ORDER_SYMBOL.into(),
            clusters: clusters as u32,
            cluster_ctas: sh.mcast() as u32,
            ctas_per_sm: sh.ctas as u32,
        }),
        // (A stream-K schedule is fixed for its grid; split-K kernels are not persistent.)
        resident_clusters: (sh.persistent && sh.sk.is_none() && sh.mcast() > 1)
            .then_some(sh.mcast() as u32),
        programmatic_launch: sh.pdl != Pdl::Off,
        padded,
    })
}

/// One tile's origin and this CTA's k-tiles of it, `[kbeg, kbeg + count)`.
struct TileAt {
    m0: Reg,
    n0: Reg,
    /// The tile's batch (batched kernels only).
    bz: Option<Reg>,
    ks: Reg,
    kbeg: Reg,
    count: Reg,
    /// Stream-K only: the unit's role.
    sk: Option<SkAt>,
}

/// A stream-K unit's role (see [`stream_k`]).
struct SkAt {
    /// The unit starts inside its tile: it waits for the tile's earlier pieces and adds
    /// into C.
    contrib: Reg,
    /// The unit ends inside its tile: CTA `g + 1` holds the next piece and waits for this
    /// one's flag.
    signal: Reg,
}

/// An open tile loop (see [`Shape::open_tiles`]); `stride` (`%nctaid.x`) only when
/// persistent.
struct TileLoop {
    tile: Reg,
    stride: Option<Reg>,
    top: String,
    done: String,
    /// Stream-K: `(end, count, in_sk)`, the end of the next stream-K unit, the unit's
    /// k-tiles, and whether the unit is in the stream-K part (`end` moves down only then).
    sk: Option<(Reg, Reg, Reg)>,
}

/// Which output tiles a CTA computes: its own (`blockIdx.x`, one per CTA, `split` CTAs per
/// tile), or, when persistent, tiles `blockIdx.x + i * gridDim.x` for `i = 0, 1, ...` while
/// below `batch *` [`Shape::tile_slots`] (the stride is read from `%nctaid.x`, so any grid
/// is correct). With a cluster order ([`order`]) the first slot is the order table's entry
/// for the CTA's cluster (on the grid it was made for) and slots map to tiles in bands.
impl Shape {
    /// CTAs to launch: every batch's [`Shape::tile_slots`], or for a persistent kernel one
    /// per resident slot (`sms * ctas`, whole clusters, at most one per tile slot).
    fn grid(&self, sms: u32) -> i64 {
        if let Some(sk) = self.sk {
            return sk.ctas;
        }
        let all = self.all_slots();
        if self.persistent {
            // Whole clusters, so the stride keeps each CTA's rank.
            let slots = i64::from(sms.max(1)) * self.ctas;
            all.min((slots / self.mcast()).max(1) * self.mcast())
        } else {
            all
        }
    }

    /// CTAs of a multicast cluster (`mc_rows * mc_cols`; 1: no multicast).
    fn mcast(&self) -> i64 {
        self.mc_rows * self.mc_cols
    }

    /// The place in its block of tiles of the CTA at cluster rank `rank`: `rank mod mcast`
    /// with split-K (the cluster holds one block per k-split), else `rank` itself.
    fn block_rank(&self, b: &mut Builder, rank: Reg) -> Reg {
        if self.split == 1 {
            return rank;
        }
        let place = b.reg(RegClass::B32);
        b.emit(Op::Rem, "u32", vec![r(place), r(rank), imm(self.mcast())]);
        place
    }

    /// The first cluster rank of this CTA's k-split, `rank - place` (see
    /// [`Shape::block_rank`]); `None` without split-K.
    fn split_base(&self, b: &mut Builder, rank: Reg, place: Reg) -> Option<Reg> {
        (self.split > 1).then(|| {
            let base = b.reg(RegClass::B32);
            b.emit(Op::Sub, "u32", vec![r(base), r(rank), r(place)]);
            base
        })
    }

    /// The place of cluster rank `rank` in its block of tiles: row `rank mod mc_rows` and
    /// column `rank / mc_rows`, each `None` where the block has one (and `rank` itself where
    /// the other has one, with no arithmetic).
    fn block_place(&self, b: &mut Builder, rank: Reg) -> (Option<Reg>, Option<Reg>) {
        match (self.mc_rows > 1, self.mc_cols > 1) {
            (true, true) => {
                let (rm, rn) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
                b.emit(Op::Rem, "u32", vec![r(rm), r(rank), imm(self.mc_rows)]);
                b.emit(Op::Div, "u32", vec![r(rn), r(rank), imm(self.mc_rows)]);
                (Some(rm), Some(rn))
            }
            (rows, cols) => (rows.then_some(rank), cols.then_some(rank)),
        }
    }

    /// Tile rows in B-multicast groups (`ceil(gm / mc_rows)`).
    fn row_groups(&self) -> i64 {
        (self.gm + self.mc_rows - 1) / self.mc_rows
    }

    /// Tile columns in A-multicast groups (`ceil(gn / mc_cols)`).
    fn col_groups(&self) -> i64 {
        (self.gn + self.mc_cols - 1) / self.mc_cols
    }

    /// Tile slots of every batch.
    fn all_slots(&self) -> i64 {
        self.tile_slots() * self.batch
    }

    /// One CTA per tile slot of one batch: tiles (rows, or with A multicast columns, padded
    /// to whole multicast groups) times k-splits; a multiple of the cluster size, so a
    /// cluster never spans two batches.
    fn tile_slots(&self) -> i64 {
        self.row_groups() * self.col_groups() * self.mcast() * self.split
    }

    /// Opens the tile loop (nothing to loop over unless persistent) and computes the first
    /// tile's coordinates; everything emitted until [`Shape::close_tiles`] runs once per
    /// tile.
    fn open_tiles(&self, b: &mut Builder, name: &str) -> (TileLoop, TileAt) {
        let tile = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(tile), sym("%ctaid.x")]);
        if let Some(clusters) = self.cluster_order {
            order::permute_first_tile(b, tile, clusters, self.mcast());
        }
        let lp = TileLoop {
            tile,
            stride: self.persistent.then(|| b.reg(RegClass::B32)),
            top: b.fresh_label(&format!("{name}_TILE")),
            done: b.fresh_label(&format!("{name}_TILES_DONE")),
            sk: None,
        };
        if let Some(sk) = self.sk {
            return self.open_stream_k(b, lp, sk);
        }
        if let Some(stride) = lp.stride {
            b.emit(Op::Mov, "u32", vec![r(stride), sym("%nctaid.x")]);
            b.label(&lp.top);
            let past = b.reg(RegClass::Pred);
            let end = imm(self.all_slots());
            b.emit(Op::Setp, "ge.u32", vec![r(past), r(tile), end]);
            b.emit_if(past, false, Op::Bra, "uni", vec![sym(&lp.done)]);
        }
        // Batch `tile / slots`, its tile slot `tile mod slots`.
        let (bz, local) = if self.batch > 1 {
            let (bz, local) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
            b.emit(Op::Div, "u32", vec![r(bz), r(tile), imm(self.tile_slots())]);
            b.emit(
                Op::Rem,
                "u32",
                vec![r(local), r(tile), imm(self.tile_slots())],
            );
            (Some(bz), local)
        } else {
            (None, tile)
        };
        let dims = [
            self.row_groups(),
            self.col_groups(),
            self.split * self.mcast(),
        ];
        let (m0, n0, ks) = if self.cluster_order.is_some() {
            let (pid, ks) = cluster_of(b, local, dims[2]);
            let (mt, nt) = order::band_raster(b, pid, dims[0], dims[1], self.raster_group);
            (mt, nt, ks)
        } else {
            raster(b, local, dims, self.raster_group, self.n_first)
        };
        if self.mcast() > 1 {
            // The rank in the cluster is `split * mcast + place`: the k-split and the tile's
            // place in its block.
            let place = self.block_rank(b, ks);
            let (rm, rn) = self.block_place(b, place);
            for (t, extent, at) in [(m0, self.mc_rows, rm), (n0, self.mc_cols, rn)] {
                if let Some(at) = at {
                    b.emit(Op::Mad, "lo.u32", vec![r(t), r(t), imm(extent), r(at)]);
                }
            }
            if self.split > 1 {
                b.emit(Op::Div, "u32", vec![r(ks), r(ks), imm(self.mcast())]);
            } else {
                b.emit(Op::Mov, "u32", vec![r(ks), imm(0)]);
            }
        }
        let kt_per = (self.kt_count + self.split - 1) / self.split;
        let kbeg = b.reg(RegClass::B32);
        b.emit(Op::Mul, "lo.u32", vec![r(kbeg), r(ks), imm(kt_per)]);
        let count = b.const_u32(self.kt_count);
        b.emit(Op::Sub, "u32", vec![r(count), r(count), r(kbeg)]);
        b.emit(Op::Min, "u32", vec![r(count), r(count), imm(kt_per)]);
        self.tile_origin(b, m0, n0);
        let at = TileAt {
            m0,
            n0,
            bz,
            ks,
            kbeg,
            count,
            sk: None,
        };
        (lp, at)
    }

    /// [`Shape::open_tiles`] for a stream-K schedule: whole tiles `blockIdx.x + i * G` below
    /// `dp_tiles`, then the units of this CTA's range `[start(g), start(g + 1))` from the
    /// last to the first, with the formulas of [`StreamK`].
    fn open_stream_k(&self, b: &mut Builder, mut lp: TileLoop, sk: StreamK) -> (TileLoop, TileAt) {
        let (base, rem) = sk.base_rem();
        let g = lp.tile;
        let stride = lp.stride.expect("stream-K is persistent");
        b.emit(Op::Mov, "u32", vec![r(stride), imm(sk.ctas)]);
        // The schedule is fixed for `G` CTAs: another grid would leave k-tiles uncomputed.
        let launched = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(launched), sym("%nctaid.x")]);
        let wrong = b.reg(RegClass::Pred);
        b.emit(
            Op::Setp,
            "ne.u32",
            vec![r(wrong), r(launched), imm(sk.ctas)],
        );
        b.emit_if(wrong, false, Op::Trap, "", vec![]);
        // `end` walks down from the range's end; each unit is `[from, end)`.
        let (start, end) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
        range_start(b, sk, start, g);
        b.emit(Op::Add, "u32", vec![r(end), r(start), imm(base)]);
        let longer = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "lt.u32", vec![r(longer), r(g), imm(rem)]);
        b.emit_if(longer, false, Op::Add, "u32", vec![r(end), r(end), imm(1)]);
        b.label(&lp.top);
        let in_sk = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "ge.u32", vec![r(in_sk), r(g), imm(sk.dp_tiles)]);
        let past = b.reg(RegClass::Pred);
        b.emit(
            Op::Setp,
            "le.and.u32",
            vec![r(past), r(end), r(start), r(in_sk)],
        );
        b.emit_if(past, false, Op::Bra, "uni", vec![sym(&lp.done)]);
        // The stream-K unit ending at `end`: tile `(end - 1) / kt`, from its first k-tile or
        // the range's start, whichever is later.
        let (lin, kbeg, count, from) = (
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
        );
        b.emit(Op::Sub, "u32", vec![r(lin), r(end), imm(1)]);
        b.emit(Op::Div, "u32", vec![r(lin), r(lin), imm(sk.kt)]);
        b.emit(Op::Mul, "lo.u32", vec![r(from), r(lin), imm(sk.kt)]);
        b.emit(Op::Max, "u32", vec![r(from), r(from), r(start)]);
        b.emit(Op::Rem, "u32", vec![r(kbeg), r(from), imm(sk.kt)]);
        b.emit(Op::Sub, "u32", vec![r(count), r(end), r(from)]);
        b.emit(Op::Add, "u32", vec![r(lin), r(lin), imm(sk.dp_tiles)]);
        // Whole tiles before that.
        b.emit(Op::Selp, "b32", vec![r(lin), r(lin), r(g), r(in_sk)]);
        b.emit(Op::Selp, "b32", vec![r(kbeg), r(kbeg), imm(0), r(in_sk)]);
        b.emit(
            Op::Selp,
            "b32",
            vec![r(count), r(count), imm(sk.kt), r(in_sk)],
        );
        let (m0, n0, ks) = raster(b, lin, [self.gm, self.gn, 1], self.raster_group, false);
        self.tile_origin(b, m0, n0);
        let (contrib, signal, stop) = (
            b.reg(RegClass::Pred),
            b.reg(RegClass::Pred),
            b.reg(RegClass::B32),
        );
        b.emit(Op::Setp, "ne.u32", vec![r(contrib), r(kbeg), imm(0)]);
        b.emit(Op::Add, "u32", vec![r(stop), r(kbeg), r(count)]);
        b.emit(Op::Setp, "lt.u32", vec![r(signal), r(stop), imm(sk.kt)]);
        lp.sk = Some((end, count, in_sk));
        let at = TileAt {
            m0,
            n0,
            bz: None,
            ks,
            kbeg,
            count,
            sk: Some(SkAt { contrib, signal }),
        };
        (lp, at)
    }

    /// Turns tile coordinates `(m0, n0)` into the tile's first row and column, in place.
    fn tile_origin(&self, b: &mut Builder, m0: Reg, n0: Reg) {
        let bm = self.stage_readers() * self.wm;
        b.emit(Op::Mul, "lo.u32", vec![r(m0), r(m0), imm(bm)]);
        b.emit(Op::Mul, "lo.u32", vec![r(n0), r(n0), imm(self.bn)]);
    }

    /// Closes the loop opened by [`Shape::open_tiles`]: next tile, back to the top.
    fn close_tiles(&self, b: &mut Builder, lp: TileLoop) {
        if let Some((end, count, in_sk)) = lp.sk {
            b.emit_if(in_sk, false, Op::Sub, "u32", vec![r(end), r(end), r(count)]);
        }
        if let Some(stride) = lp.stride {
            b.emit(Op::Add, "u32", vec![r(lp.tile), r(lp.tile), r(stride)]);
            b.emit(Op::Bra, "uni", vec![sym(&lp.top)]);
            b.label(&lp.done);
        }
    }
}

/// The CTA's tile `(m, n)` and k-split from its linear index `cta`: tiles are launched in groups
/// of `group` tile rows (multicast groups of rows where `gm` counts them), m fastest within a
/// group, so that co-resident CTAs reuse each other's A and B slabs from L2 (`cta` is the
/// slot within one batch's `gm * gn * split`). With `n_first` the same over the transposed
/// grid: groups of `group` tile columns, n fastest within a group ([`n_first`]).
fn raster(
    b: &mut Builder,
    cta: Reg,
    [gm, gn, split]: [i64; 3],
    group: i64,
    n_first: bool,
) -> (Reg, Reg, Reg) {
    let (pid, ks) = cluster_of(b, cta, split);
    // The fast dimension's tile count and the slow one's.
    let (gf, gs) = if n_first { (gn, gm) } else { (gm, gn) };
    let per_group = group * gs;
    let at = b.reg(RegClass::B32);
    b.emit(Op::Div, "u32", vec![r(at), r(pid), imm(per_group)]);
    let first = b.reg(RegClass::B32);
    b.emit(Op::Mul, "lo.u32", vec![r(first), r(at), imm(group)]);
    // Fast-dimension tiles in this group: min(gf - first, group).
    let size = b.const_u32(gf);
    b.emit(Op::Sub, "u32", vec![r(size), r(size), r(first)]);
    b.emit(Op::Min, "u32", vec![r(size), r(size), imm(group)]);
    let within = b.reg(RegClass::B32);
    b.emit(Op::Rem, "u32", vec![r(within), r(pid), imm(per_group)]);
    let (ft, st) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
    b.emit(Op::Rem, "u32", vec![r(ft), r(within), r(size)]);
    b.emit(Op::Add, "u32", vec![r(ft), r(ft), r(first)]);
    b.emit(Op::Div, "u32", vec![r(st), r(within), r(size)]);
    if n_first { (st, ft, ks) } else { (ft, st, ks) }
}

/// Whether a warpgroup kernel's launch order goes n fastest by default ([`raster`]): on a lone
/// grid (at most one CTA per SM) of one batch without split-K, of tiles of at least 128
/// rows, whose tile rows span more of the plan's m (whole tiles) than its tile columns span
/// of n, so that CTAs launched together take one tile row, sharing the slab of A, the larger
/// operand, and sweeping B's columns; for a transposed plan (whose A is the caller's B) only
/// where the grid has at most four tile columns.
/// Measured on an H100 (docs/BENCHMARKS.md), against the old order (m fastest, groups of 8
/// tile rows):
/// - run 30-b, `--raster-group 1` (this order where a grid has at most 8 tile columns) at 12
///   shapes in both orientations (a plain plan and its transposed mirror): where rows span
///   more, n fastest ran faster at 11 of 12, 1.01-1.11x (2279x736x7616, 128x128 tiles: 47.8
///   -> 43.2 us), 0.96x at the transposed 64x128 grid of 432x1024x3568; where columns span
///   more, m fastest ran 1.00-1.25x of n fastest at all 12;
/// - run 30-c, every f16 default the order changed among 300 seeded random shapes (34) and
///   seven bf16 / tf32 cases: tiles of 128 rows or more 1.031x in geomean (28 cases, 19
///   faster, up to 1.20x), tiles of 64 rows 0.986x (13 cases, 8 slower), whose A slab is no
///   larger than B's;
/// - run 30-d, out of sample (26 changed defaults of 300 fresh shapes, the 29 shapes this
///   file cites that changed, bf16 cases): plain grids 1.033x (30 cases, 24 faster, 0.94-1.23x);
///   transposed grids of at most four tile columns 1.042x (12 cases: 552x5376x3248 36.8 ->
///   33.1 us), of more 0.965x (12 cases, 1183x1992x3968 0.87x), which keep the old order;
/// - run 31-b, every f16 default that went n fastest among 600 seeded random shapes (46):
///   split-K grids ran m fastest 1.03-1.09x faster at 7 of 8 (and at 3 of 5 in 31-a:
///   976x400x8384 27.2 against 30.1 us), where the k-splits of a tile, one cluster, already
///   read its A and B slabs together; so split-K grids keep m fastest.
fn n_first(lone: bool, plan: &Plan) -> bool {
    let ([gm, gn, _], [tile_m, tile_n, _]) = (plan.grid(), plan.cta_tile);
    lone && plan.problem.batch == 1
        && plan.split_k <= 1
        && tile_m >= 128
        && gm * tile_m > gn * tile_n
        && (!plan.transposed || gn <= 4)
}

/// The first need of `needs` (`(lacking, need)` pairs) that is lacking.
fn first_lack<const N: usize>(needs: [(bool, &'static str); N]) -> Option<&'static str> {
    needs
        .into_iter()
        .find_map(|(lacking, need)| lacking.then_some(need))
}

/// `(cta / split, cta % split)`: `split` consecutive CTAs (one cluster) share a tile slot;
/// the rank within is the k-split (or the multicast rank).
fn cluster_of(b: &mut Builder, cta: Reg, split: i64) -> (Reg, Reg) {
    let (pid, ks) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
    b.emit(Op::Div, "u32", vec![r(pid), r(cta), imm(split)]);
    b.emit(Op::Rem, "u32", vec![r(ks), r(cta), imm(split)]);
    (pid, ks)
}

/// The k-tile loop over the stage ring, as the producer and the consumers both run it:
/// k-tile counter, stage index and phase parity, and this iteration's stage and `full`
/// barrier addresses.
struct Ring {
    s: Reg,
    phase: Reg,
    kt: Reg,
    /// Start of this iteration's stage, and its `full` barrier (shared addresses).
    stage: Reg,
    bar: Reg,
    stages: i64,
    label: String,
    /// The first k-tile and stage this ring takes, and the k-tiles between its turns: `(0,
    /// 1)`, or a k-pair warpgroup's `(c, 2)` ([`CompileOptions::k_pair`]).
    first: i64,
    step: i64,
}

impl Ring {
    /// The ring's state at stage 0, phase 0; it runs on across the tiles of a persistent
    /// CTA (each tile's k-tiles take the next stages).
    fn new(b: &mut Builder, sh: &Shape, name: &str) -> Self {
        Self::every(b, sh, name, 0, 1)
    }

    /// The ring of k-pair warpgroup `c` ([`CompileOptions::k_pair`]): k-tiles and stages
    /// `c, c + 2, ...` (mod S for the stages), the phase flipped at each wrap-around.
    fn paired(b: &mut Builder, sh: &Shape, name: &str, c: i64) -> Self {
        Self::every(b, sh, name, c, 2)
    }

    fn every(b: &mut Builder, sh: &Shape, name: &str, first: i64, step: i64) -> Self {
        Ring {
            s: b.const_u32(first),
            phase: b.const_u32(0),
            kt: b.reg(RegClass::B32),
            stage: b.reg(RegClass::B32),
            bar: b.reg(RegClass::B32),
            stages: sh.stages,
            label: b.fresh_label(name),
            first,
            step,
        }
    }

    /// Opens one tile's k-tile loop (`kt = 0`, or `kt = from` where the predicate `primed`
    /// of `skip = Some((primed, from))` holds; `label:`) and computes the addresses of
    /// stage `s`.
    fn open(&self, b: &mut Builder, sh: &Shape, base: Reg, bars: Reg, skip: Option<(Reg, i64)>) {
        let ring = self;
        match skip {
            None => b.emit(Op::Mov, "u32", vec![r(ring.kt), imm(ring.first)]),
            Some((primed, from)) => b.emit(
                Op::Selp,
                "b32",
                vec![r(ring.kt), imm(from), imm(0), r(primed)],
            ),
        }
        b.label(&ring.label);
        let stage_bytes = imm(sh.stage_bytes());
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(ring.stage), r(ring.s), stage_bytes, r(base)],
        );
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(ring.bar), r(ring.s), imm(8), r(bars)],
        );
    }

    /// Moves the ring past `count` k-tiles read elsewhere (another warpgroup's tile, or
    /// the k-tiles an epilogue overlap issued):
    /// stage `(s + count) mod S`, the phase flipped once per wrap-around.
    fn skip(&self, b: &mut Builder, count: Reg) {
        let wraps = b.reg(RegClass::B32);
        b.emit(Op::Add, "u32", vec![r(self.s), r(self.s), r(count)]);
        b.emit(Op::Div, "u32", vec![r(wraps), r(self.s), imm(self.stages)]);
        b.emit(Op::Rem, "u32", vec![r(self.s), r(self.s), imm(self.stages)]);
        b.emit(Op::And, "b32", vec![r(wraps), r(wraps), imm(1)]);
        b.emit(Op::Xor, "b32", vec![r(self.phase), r(self.phase), r(wraps)]);
    }

    /// Advances the stage (on wrap-around `s = 0` and the phase flips) and the k-tile, and
    /// loops while `kt < count`.
    fn end(&self, b: &mut Builder, count: Reg) {
        let wrap = b.reg(RegClass::Pred);
        b.emit(Op::Add, "u32", vec![r(self.s), r(self.s), imm(self.step)]);
        // The second form serves both steps; one stage on keeps the `mov 0` every kernel
        // before the k-pair had, so that their PTX is unchanged.
        if self.step == 1 {
            b.emit(
                Op::Setp,
                "eq.u32",
                vec![r(wrap), r(self.s), imm(self.stages)],
            );
            b.emit_if(wrap, false, Op::Mov, "u32", vec![r(self.s), imm(0)]);
        } else {
            // Two stages on: past the end by 0 or 1 (the ring has 2 stages or more).
            b.emit(
                Op::Setp,
                "ge.u32",
                vec![r(wrap), r(self.s), imm(self.stages)],
            );
            let back = vec![r(self.s), r(self.s), imm(self.stages)];
            b.emit_if(wrap, false, Op::Sub, "u32", back);
        }
        let flip = vec![r(self.phase), r(self.phase), imm(1)];
        b.emit_if(wrap, false, Op::Xor, "b32", flip);
        b.emit(Op::Add, "u32", vec![r(self.kt), r(self.kt), imm(self.step)]);
        let more = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "lt.u32", vec![r(more), r(self.kt), r(count)]);
        b.emit_if(more, false, Op::Bra, "uni", vec![sym(&self.label)]);
    }
}

/// Spins on `mbarrier.try_wait.parity` until phase `parity` of the barrier at `bar` completed.
///
/// Default semantics (acquire, CTA scope) also where peers arrive from other CTAs: what a
/// stage release orders is the end of wgmma's reads, already complete when the consumer
/// arrives. `.acquire.cluster` costs an L1 invalidation (`CCTL.IVALL`) per wait in SASS
/// (ptxas 13.0), and the first multicast build with it ran at 0.62x cuBLAS instead of 0.94x
/// (docs/BENCHMARKS.md run 6).
fn wait(b: &mut Builder, bar: Reg, parity: Reg) {
    spin_wait(b, bar, parity, "try_wait.parity.shared::cta.b64");
}

/// Polls `mbarrier.<try_wait>` (its modifiers: semantics, scope, space) on the barrier at
/// `bar` until the phase of parity `parity` has completed.
fn spin_wait(b: &mut Builder, bar: Reg, parity: Reg, try_wait: &str) {
    let spin = b.fresh_label("WAIT");
    let done = b.reg(RegClass::Pred);
    b.label(&spin);
    b.emit(
        Op::Mbarrier,
        try_wait,
        vec![r(done), addr(bar, 0), r(parity)],
    );
    // Not `.uni`: lanes may see the phase complete at different polls.
    b.emit_if(done, true, Op::Bra, "", vec![sym(&spin)]);
}

/// The producer warpgroup: one thread issues every TMA load; the others leave.
fn producer(b: &mut Builder, sh: &Shape, base: Reg, bars: Reg, tid: Reg) {
    b.comment("producer warpgroup");
    set_regs(b, sh, false);
    let done = b.fresh_label("PRODUCER_DONE");
    let not_t0 = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "ne.u32", vec![r(not_t0), r(tid), imm(0)]);
    // Not `.uni`: warp 0 diverges here (lane 0 stays), and `bra.uni` promises that every
    // active thread of the warp branches alike (PTX ISA, control flow instructions: `bra`).
    b.emit_if(not_t0, false, Op::Bra, "", vec![sym(&done)]);
    let mut map_reg = |name: &str| {
        let g = b.reg(RegClass::B64);
        b.emit(Op::Mov, "u64", vec![r(g), sym(name)]);
        b.emit(Op::Cvta, "param.u64", vec![r(g), r(g)]);
        b.emit(Op::Prefetch, "tensormap", vec![addr(g, 0)]);
        g
    };
    let (map_a, map_b) = (map_reg("tmap_a"), map_reg("tmap_b"));
    let map_b_tail = sh.b.tail_inner().map(|_| map_reg("tmap_b_tail"));
    // A CTA of one tile waits for the previous grid after its L2 prefetch (`Pdl::Prefetch`);
    // a CTA that loops over tiles waits before its first.
    let one_tile = !sh.persistent && sh.sk.is_none();
    if sh.pdl != Pdl::Off && !one_tile {
        b.emit(Op::Griddepcontrol, "wait", vec![]);
    }
    let k0 = b.reg(RegClass::B32);
    let ebar = b.reg(RegClass::B32);
    let prev = b.reg(RegClass::B32);
    let dst = b.reg(RegClass::B32);
    let c = [b.reg(RegClass::B32), b.reg(RegClass::B32)];
    let (a_mc, b_mc) = multicast_pieces(b, sh);
    let ring = Ring::new(b, sh, "PRODUCE");
    let (lp, at) = sh.open_tiles(b, "PRODUCER");
    // Operands by position, not by comparing tiles: A and B tiles of one shape and major
    // are equal as values (see the descriptor loop in `consumer_body`).
    let operands = [
        Loaded {
            tile: &sh.a,
            mn0: at.m0,
            off: 0,
            whole: map_a,
            tail: None,
            shared: a_mc,
        },
        Loaded {
            tile: &sh.b,
            mn0: at.n0,
            off: sh.a.bytes(),
            whole: map_b,
            tail: map_b_tail,
            shared: b_mc,
        },
    ];
    b.emit(Op::Mul, "lo.u32", vec![r(k0), r(at.kbeg), imm(sh.bk)]);
    if sh.pdl != Pdl::Off && one_tile {
        if sh.pdl == Pdl::Prefetch {
            let first = [0, sh.stages];
            prefetch_range(b, sh, &operands, k0, at.count, c, at.bz, first);
        }
        b.emit(Op::Griddepcontrol, "wait", vec![]);
    }
    if sh.l2_prefetch > 0 {
        let past = [sh.stages, sh.stages + sh.l2_prefetch];
        prefetch_range(b, sh, &operands, k0, at.count, c, at.bz, past);
    }
    ring.open(b, sh, base, bars, None);
    let (stage, bar) = (ring.stage, ring.bar);
    if sh.l2_prefetch > 0 {
        // The k-tile `l2_prefetch` past the ring, before this one waits for its stage.
        let ahead = sh.stages + sh.l2_prefetch;
        let (t, kp, more) = (
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::Pred),
        );
        b.emit(Op::Add, "u32", vec![r(t), r(ring.kt), imm(ahead)]);
        b.emit(Op::Setp, "lt.u32", vec![r(more), r(t), r(at.count)]);
        b.emit(Op::Add, "u32", vec![r(kp), r(k0), imm(ahead * sh.bk)]);
        for op in &operands {
            op.prefetch(b, kp, c, at.bz, Some(more));
        }
    }
    b.emit(Op::Add, "u32", vec![r(ebar), r(bar), imm(8 * sh.stages)]);
    b.emit(Op::Xor, "b32", vec![r(prev), r(ring.phase), imm(1)]);
    wait(b, ebar, prev);
    b.emit(
        Op::Mbarrier,
        "arrive.expect_tx.shared::cta.b64",
        vec![sym("_"), addr(bar, 0), imm(sh.stage_tx_bytes())],
    );
    for op in &operands {
        for j in op.cuts() {
            let map = op.coords(b, j, k0, c);
            b.emit(
                Op::Add,
                "u32",
                vec![r(dst), r(stage), imm(op.off + op.tile.box_dst(j))],
            );
            let shared = op.piece(b, c);
            let (tensor, rank) = tensor_at(map, c[0], c[1], at.bz);
            let mut ops = vec![addr(dst, 0), tensor, addr(bar, 0)];
            let mut mods =
                format!("bulk.tensor.{rank}d.shared::cluster.global.mbarrier::complete_tx::bytes");
            if let Some((pd, mask)) = shared {
                b.emit(Op::Add, "u32", vec![r(dst), r(dst), r(pd)]);
                mods.push_str(".multicast::cluster");
                ops.push(r(mask));
            }
            b.emit(Op::CpAsync, &mods, ops);
        }
    }
    b.emit(Op::Add, "u32", vec![r(k0), r(k0), imm(sh.bk)]);
    ring.end(b, at.count);
    sh.close_tiles(b, lp);
    b.label(&done);
    if sh.split > 1 {
        // Every thread waits on the cluster barrier it arrived on after barrier init.
        b.emit(Op::Barrier, "cluster.wait.acquire", vec![]);
    } else if sh.mcast() > 1 {
        // Matches the consumers' exit barrier (see `consumer_body`).
        cluster_sync(b);
    }
    b.emit(Op::Ret, "", vec![]);
}

/// One operand as this CTA's producer loads it: its tile, the tile's first row or column
/// (`m0` for A, `n0` for B), its offset in a stage (bytes), its tensor maps (the whole
/// operand's, and the tail map of a B whose last box is narrower), and its multicast piece.
struct Loaded<'a> {
    tile: &'a OperandTile,
    mn0: Reg,
    off: i64,
    whole: Reg,
    tail: Option<Reg>,
    shared: Pieces,
}

impl Loaded<'_> {
    /// The boxes this CTA issues of each k-tile: every `cut`-th (the others are the
    /// multicast peers' pieces of the same rows).
    fn cuts(&self) -> impl Iterator<Item = i64> {
        (0..self.tile.boxes()).step_by(self.tile.cut as usize)
    }

    /// Writes the coordinates `{inner, outer}` of box `j` at k-coordinate `k` (elements)
    /// into `c`, without this CTA's multicast piece ([`Loaded::piece`]), and returns the
    /// box's tensor map.
    fn coords(&self, b: &mut Builder, j: i64, k: Reg, c: [Reg; 2]) -> Reg {
        let tile = self.tile;
        let map = self
            .tail
            .filter(|_| tile.is_tail_box(j))
            .unwrap_or(self.whole);
        let o = tile.box_origin(j);
        let (inner0, outer0) = match tile.major {
            Major::K => (k, self.mn0),
            Major::Mn => (self.mn0, k),
        };
        b.emit(Op::Add, "u32", vec![r(c[0]), r(inner0), imm(o[0])]);
        b.emit(Op::Add, "u32", vec![r(c[1]), r(outer0), imm(o[1])]);
        map
    }

    /// Moves the outer coordinate `c[1]` to this CTA's multicast piece of the box, and
    /// returns the piece's shared-memory offset and CTA mask (`None` for an operand not
    /// multicast).
    fn piece(&self, b: &mut Builder, c: [Reg; 2]) -> Option<(Reg, Reg)> {
        let (po, pd, mask) = self.shared?;
        b.emit(Op::Add, "u32", vec![r(c[1]), r(c[1]), r(po)]);
        Some((pd, mask))
    }

    /// `cp.async.bulk.prefetch.tensor.Nd.L2.global` of this CTA's boxes of the k-tile at
    /// k-coordinate `k` (where `guard` holds): the TMA engine fetches them into L2 without
    /// writing shared memory or signalling a barrier (PTX ISA, data movement instructions:
    /// `cp.async.bulk.prefetch.tensor`, sm_90), so a later load of the same box hits L2.
    fn prefetch(&self, b: &mut Builder, k: Reg, c: [Reg; 2], bz: Option<Reg>, guard: Option<Reg>) {
        for j in self.cuts() {
            let map = self.coords(b, j, k, c);
            self.piece(b, c);
            let (tensor, rank) = tensor_at(map, c[0], c[1], bz);
            let mods = format!("bulk.prefetch.tensor.{rank}d.L2.global");
            match guard {
                Some(p) => b.emit_if(p, false, Op::CpAsync, &mods, vec![tensor]),
                None => b.emit(Op::CpAsync, &mods, vec![tensor]),
            }
        }
    }
}

/// At a tile's start (k-coordinate `k0`, `count` k-tiles), prefetches into L2 the k-tiles
/// `range[0] .. min(range[1], count)`: with `l2_prefetch`, `stages .. stages +
/// l2_prefetch`, those past the ring's first fill, which the main loop's prefetch (one a
/// k-tile, `stages + l2_prefetch` ahead) never reaches; with `Pdl::Prefetch`, the ring's
/// first fill, before the grid dependency wait.
#[allow(clippy::too_many_arguments)]
fn prefetch_range(
    b: &mut Builder,
    sh: &Shape,
    operands: &[Loaded],
    k0: Reg,
    count: Reg,
    c: [Reg; 2],
    bz: Option<Reg>,
    range: [i64; 2],
) {
    let (j, end, kp, done) = (
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::Pred),
    );
    let (top, out) = (b.fresh_label("PREFETCH"), b.fresh_label("PREFETCHED"));
    b.emit(Op::Mov, "u32", vec![r(j), imm(range[0])]);
    b.emit(Op::Min, "u32", vec![r(end), r(count), imm(range[1])]);
    b.label(&top);
    b.emit(Op::Setp, "ge.u32", vec![r(done), r(j), r(end)]);
    b.emit_if(done, false, Op::Bra, "", vec![sym(&out)]);
    b.emit(Op::Mad, "lo.u32", vec![r(kp), r(j), imm(sh.bk), r(k0)]);
    for op in operands {
        op.prefetch(b, kp, c, bz, None);
    }
    b.emit(Op::Add, "u32", vec![r(j), r(j), imm(1)]);
    b.emit(Op::Bra, "", vec![sym(&top)]);
    b.label(&out);
}

/// One operand's multicast load placement: `(outer offset, shared-memory offset, CTA mask)`.
type Pieces = Option<(Reg, Reg, Reg)>;

/// Where this CTA's multicast loads of A and of B go (`None` for an operand not shared):
/// `(outer offset, shared-memory offset, CTA mask)`. The `n` CTAs sharing a tile (A: the
/// cluster's `mc_cols` CTAs of one tile row; B: its `mc_rows` CTAs of one tile column) each
/// load piece `i` of every box cut `n` ways (`i` its column, or row, in the cluster's block)
/// into all of them, at the same shared offset and barrier in each.
fn multicast_pieces(b: &mut Builder, sh: &Shape) -> (Pieces, Pieces) {
    if sh.mcast() < 2 {
        return (None, None);
    }
    let rank = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(rank), sym("%cluster_ctarank")]);
    let place = sh.block_rank(b, rank);
    let base = sh.split_base(b, rank, place);
    let (rm, rn) = sh.block_place(b, place);
    // A goes to the ranks `rm + mc_rows * c` of its tile row, piece `rn`; B to the ranks
    // `mc_rows * rn + i` of its tile column, piece `rm`. The mask is shifted to this CTA's
    // row (column) where the block has several of them, and with split-K to its k-split's
    // block.
    let shift_by = |b: &mut Builder, shift: Option<Reg>| match (shift, base) {
        (Some(x), Some(base)) => {
            let sum = b.reg(RegClass::B32);
            b.emit(Op::Add, "u32", vec![r(sum), r(x), r(base)]);
            Some(sum)
        }
        (x, base) => x.or(base),
    };
    let shared =
        |b: &mut Builder, tile: &OperandTile, piece: Reg, mask: i64, shift: Option<Reg>| {
            let outer = tile.box_dims()[1];
            let (po, pd) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
            b.emit(Op::Mul, "lo.u32", vec![r(po), r(piece), imm(outer)]);
            b.emit(
                Op::Mul,
                "lo.u32",
                vec![r(pd), r(piece), imm(outer * tile.span)],
            );
            let m = b.reg(RegClass::B16);
            match shift {
                None => b.emit(Op::Mov, "b16", vec![r(m), imm(mask)]),
                Some(shift) => {
                    let wide = b.reg(RegClass::B32);
                    b.emit(Op::Shl, "b32", vec![r(wide), imm(mask), r(shift)]);
                    b.emit(Op::Cvt, "u16.u32", vec![r(m), r(wide)]);
                }
            }
            (po, pd, m)
        };
    let row_mask: i64 = (0..sh.mc_cols).map(|c| 1 << (sh.mc_rows * c)).sum();
    let a = rn.map(|piece| {
        let shift = shift_by(b, rm);
        shared(b, &sh.a, piece, row_mask, shift)
    });
    let col_shift = rn.filter(|_| sh.mc_rows > 1).map(|rn| {
        let col = b.reg(RegClass::B32);
        b.emit(Op::Mul, "lo.u32", vec![r(col), r(rn), imm(sh.mc_rows)]);
        col
    });
    let b_pieces = rm.map(|piece| {
        let shift = shift_by(b, col_shift);
        shared(b, &sh.b, piece, (1 << sh.mc_rows) - 1, shift)
    });
    (a, b_pieces)
}

/// The tensor operand `[map, {inner, outer(, batch)}]` of a bulk tensor copy, and its rank:
/// 2, or 3 with the batch coordinate of a batched kernel (its tensor maps are 3-D).
fn tensor_at(map: Reg, inner: Reg, outer: Reg, bz: Option<Reg>) -> (Operand, usize) {
    let mut coords = vec![r(inner), r(outer)];
    coords.extend(bz.map(r));
    let rank = coords.len();
    let tensor = Operand::Tensor {
        map: Box::new(r(map)),
        coords,
    };
    (tensor, rank)
}

/// `setmaxnreg` to this warpgroup's share of [`Shape::regs`] (`inc` for consumers, `dec`
/// for the producer); nothing with several CTAs per SM, where every warpgroup keeps the cap.
fn set_regs(b: &mut Builder, sh: &Shape, consumer: bool) {
    if sh.ctas > 1 {
        return;
    }
    let (producer, consumers) = sh.regs();
    let (how, n) = if consumer {
        ("inc", consumers)
    } else {
        ("dec", producer)
    };
    let mods = format!("{how}.sync.aligned.u32");
    b.emit(Op::Setmaxnreg, &mods, vec![imm(i64::from(n))]);
}

/// `barrier.cluster.arrive.release` + `wait.acquire` (PTX ISA 9.7.13.2): shared-memory
/// writes before it in any CTA of the cluster are visible to reads after it in any other.
fn cluster_sync(b: &mut Builder) {
    b.emit(Op::Barrier, "cluster.arrive.release", vec![]);
    b.emit(Op::Barrier, "cluster.wait.acquire", vec![]);
}

/// A consumer warpgroup: the wgmma main loop and the epilogue.
#[allow(clippy::too_many_arguments)]
fn consumer_body(
    b: &mut Builder,
    sh: &Shape,
    p: &tessellate::GemmProblem,
    base: Reg,
    bars: Reg,
    tid: Reg,
    consumer: i64,
) {
    b.comment(&format!("consumer warpgroup {consumer}"));
    set_regs(b, sh, true);
    let pieces = sh.wm / 64;
    let per_piece = (sh.bn / 2) as usize;
    let acc: Vec<Vec<Reg>> = (0..pieces)
        .map(|_| b.regs(RegClass::F32, per_piece))
        .collect();
    // The index as an immediate, also for the epilogue's staging buffers and named
    // barriers; in stream-K kernels a register derived from `%tid`, because there the
    // immediate made ptxas spill a transposed 128x128 kernel (ptxas 13.0, CI matrix).
    let ci = if sh.sk.is_some() {
        let ci = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(ci), r(tid), imm(7)]);
        b.emit(Op::Sub, "u32", vec![r(ci), r(ci), imm(1)]);
        ci
    } else {
        b.const_u32(consumer)
    };
    // Byte offset of this consumer's rows inside the A tile.
    let a_first = sh.a.start_offset(consumer * sh.wg_row_step(), 0) - sh.a.start_offset(0, 0);
    let a_row_bytes = b.const_u32(a_first);
    let lane = b.reg(RegClass::B32);
    b.emit(Op::And, "b32", vec![r(lane), r(tid), imm(31)]);
    let signal = Signal::new(b, sh, tid, lane);
    // A constant, not a comparison of lane values: `mov.pred` from an immediate is uniform
    // by construction and ptxas folds it.
    let one = b.reg(RegClass::Pred);
    b.emit(Op::Mov, "pred", vec![r(one), imm(1)]);

    let prev_empty = b.reg(RegClass::B32);
    let remote = b.reg(RegClass::B32);
    let peers = peers(b, sh);
    let t32 = b.reg(RegClass::B32);
    let (da, db) = (b.reg(RegClass::B64), b.reg(RegClass::B64));
    let (dai, dbi) = (b.reg(RegClass::B64), b.reg(RegClass::B64));
    let dt = match p.dtype {
        GemmDType::BF16 => "bf16",
        GemmDType::TF32 => "tf32",
        _ => "f16",
    };
    // imm-trans-a/b exist only for f16/bf16 (PTX ISA 9.7.15.5.2); tf32 is K-major.
    let trans = (p.dtype != GemmDType::TF32).then(|| {
        (
            i64::from(sh.a.major == Major::Mn),
            i64::from(sh.b.major == Major::Mn),
        )
    });
    let wgmma_n = sh.bn - sh.ffma_cols;
    let mma = mma::Mma::new(
        format!(".f32.{dt}.{dt}"),
        trans,
        one,
        a_row_bytes,
        t32,
        (dai, dbi),
    );
    let cols = (sh.ffma_cols > 0).then(|| ffma::Cols::new(b, sh, tid, a_row_bytes));
    let ra = sh.a_regs.then(|| {
        a_regs::RegA::new(
            b,
            sh,
            tid,
            consumer * sh.wg_row_step(),
            &sh.a_deltas[consumer as usize],
        )
    });
    // A k-pair's warpgroup 1 hands its partial tile to warpgroup 0, which stores C.
    let stores_c = !(sh.k_pair && consumer == 1);
    let staging = (sh.store_bufs > 0 && stores_c).then(|| {
        let first = b.reg(RegClass::B32);
        let per = sh.store_bufs * epilogue::STORE_BOX_BYTES;
        let start = sh.stages * sh.stage_bytes();
        b.emit(Op::Mad, "lo.u32", vec![r(first), r(ci), imm(per), r(base)]);
        b.emit(Op::Add, "u32", vec![r(first), r(first), imm(start)]);
        epilogue::Staging::new(b, sh, tid, ci, first)
    });
    let ws = sh.partials().map(|_| Workspace::new(b, tid));
    // Ping-pong: whose turn the CTA's current tile is (tiles alternate between the two
    // consumer warpgroups, 0 first).
    let turn = sh.pingpong.then(|| b.const_u32(0));
    let ring = if sh.k_pair {
        Ring::paired(b, sh, "CONSUME", consumer)
    } else {
        Ring::new(b, sh, "CONSUME")
    };
    let ov = sh
        .overlap
        .map(|chunks| overlap::Overlap::new(b, chunks, mma.clone(), &ring, (base, bars)));
    let (lp, at) = sh.open_tiles(b, "CONSUMER");
    // The other warpgroup's tile: once that warpgroup has passed the tile's last `full`
    // wait, its k-tiles' stages go by in the ring. Waiting for that first keeps this
    // warpgroup's `full` waits one phase ahead of each barrier, which is all a parity wait
    // can tell apart (run ahead by a whole tile, they passed on phases of the same parity
    // long completed: every ping-pong launch failed in run 12-a). It also takes the main
    // loops in turn, as CUTLASS's ping-pong kernel orders them.
    let turn_done = turn.map(|turn| {
        let mine = b.fresh_label("CONSUMER_MINE");
        let done = b.fresh_label("CONSUMER_TURN_DONE");
        let is_mine = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "eq.u32", vec![r(is_mine), r(turn), imm(consumer)]);
        b.emit_if(is_mine, false, Op::Bra, "uni", vec![sym(&mine)]);
        b.emit(
            Op::Bar,
            "sync",
            vec![imm(main_loop_done(1 - consumer)), imm(256)],
        );
        ring.skip(b, at.count);
        b.emit(Op::Bra, "uni", vec![sym(&done)]);
        b.label(&mine);
        (turn, done)
    });
    if let Some(cols) = &cols {
        cols.zero(b, sh, &acc);
    }
    ring.open(b, sh, base, bars, ov.as_ref().map(|ov| (ov.primed, ov.kts)));
    let (stage, bar, kt) = (ring.stage, ring.bar, ring.kt);
    wait(b, bar, ring.phase);
    mma.descriptors(b, sh, stage, (da, db));
    // The tile's first wgmma (here, unless an epilogue overlap issued it) writes `D = A * B`
    // (its scale-d predicate false, PTX ISA 9.7.15.5.2) instead of adding to accumulators
    // zeroed first: 64-128 `mov`s per thread and tile fewer, as CUTLASS starts a tile with
    // `ScaleOut::Zero`.
    let not_first = b.reg(RegClass::Pred);
    b.emit(
        Op::Setp,
        "ne.u32",
        vec![r(not_first), r(kt), imm(ring.first)],
    );
    // Orders the accumulator registers' last accesses (the previous tile's epilogue, or the
    // previous k-tile's wgmma) before this k-tile's wgmma (PTX ISA 9.7.15.7.1, wgmma.fence).
    b.emit(Op::Wgmma, "fence.sync.aligned", vec![]);
    // With epilogue overlap, in chunks of its columns (the shape the epilogue issues).
    let n = sh.overlap.map_or(wgmma_n, |(_, cols)| cols);
    let whole = mma::chunks(&acc, wgmma_n, n);
    if let Some(ra) = &ra {
        ra.address(b, stage);
    }
    mma.k_tile(b, sh, (da, db), &whole, n, not_first, ra.as_ref());
    b.emit(Op::Wgmma, "commit_group.sync.aligned", vec![]);
    if let Some(cols) = &cols {
        cols.step(b, sh, stage, &acc);
    }
    b.emit(Op::Wgmma, "wait_group.sync.aligned", vec![imm(1)]);
    // The k-tile before this one is fully read: hand its stage back to the producer.
    let release = signal.when(b, not_first);
    release_stage(b, &peers, release, prev_empty, remote);
    b.emit(
        Op::Add,
        "u32",
        vec![r(prev_empty), r(bar), imm(8 * sh.stages)],
    );
    ring.end(b, at.count);
    if turn_done.is_some() {
        b.emit(
            Op::Bar,
            "arrive",
            vec![imm(main_loop_done(consumer)), imm(256)],
        );
    }
    b.emit(Op::Wgmma, "wait_group.sync.aligned", vec![imm(0)]);
    // The tile's last stage is read too (a persistent CTA's next tile reuses it).
    release_stage(b, &peers, signal, prev_empty, remote);
    if sh.k_pair {
        pair_partial(b, sh, base, tid, consumer, &acc);
    }
    let sk = ws.as_ref().zip(at.sk.as_ref());
    if let Some((ws, unit)) = sk {
        ws.wait(b, sh, unit, staging.is_some());
    }
    let tile = (at.m0, at.n0, at.bz);
    let reduce = sk.map(|(_, unit)| unit.contrib);
    if let Some(ov) = &ov {
        let stride = lp.stride.expect("overlap kernels are persistent");
        ov.find_next(b, lp.tile, stride, sh.all_slots());
    }
    if sh.split > 1 {
        let recv = b.add_u32(base, sh.recv_offset());
        split_k::reduce_and_store(b, sh, p, (recv, bars), tid, ci, &at, &acc);
    } else if stores_c {
        epilogue::emit(
            b,
            sh,
            p,
            tid,
            ci,
            tile,
            &acc,
            staging.as_ref(),
            reduce,
            ov.as_ref(),
            None,
        );
    }
    if let Some(ov) = &ov {
        ov.finish(b, sh, &ring, &peers, signal, (prev_empty, remote));
    }
    if let Some((ws, unit)) = sk {
        ws.signal(b, sh, unit, staging.as_ref());
    }
    if let Some((turn, done)) = turn_done {
        b.label(&done);
        b.emit(Op::Xor, "b32", vec![r(turn), r(turn), imm(1)]);
    }
    sh.close_tiles(b, lp);
    if let Some(st) = &staging {
        st.drain(b);
    }
    if sh.mcast() > 1 && sh.split == 1 {
        // Peers may still arrive on this CTA's empty barriers: no CTA leaves (and frees its
        // shared memory) before every CTA of the cluster is done. (Split-K's last cluster
        // barrier does that, its arrivals releasing those of the main loop.)
        cluster_sync(b);
    }
}

/// Named barrier on which ping-pong consumer warpgroup `c` signals (`bar.arrive`) that it
/// has passed its tile's last `full` wait, and the other warpgroup waits (`bar.sync`) for
/// that before moving past the tile (0 is the CTA's barrier, 1 the consumers', 2 to 4 the
/// TMA-store epilogue's, one per consumer warpgroup; ping-pong kernels have two). One per
/// warpgroup, so that a warpgroup's arrival for one tile cannot complete the barrier of the
/// next (PTX ISA 9.7.13.1, bar.sync / bar.arrive).
fn main_loop_done(c: i64) -> i64 {
    4 + c
}

/// Named barrier on which a k-pair's warpgroup 1 hands its partial tile to warpgroup 0
/// ([`pair_partial`]; the others are listed at [`main_loop_done`]).
const PAIR_BARRIER: i64 = 6;

/// Consumer warpgroups that store C (each with its TMA-store staging buffers): all
/// `consumers`, or with a k-pair ([`CompileOptions::k_pair`]) warpgroup 0 alone.
fn stagers(k_pair: bool, consumers: i64) -> i64 {
    if k_pair { 1 } else { consumers }
}

/// Bytes of a k-pair's partial tile beside the stages: `wm x wn` f32 accumulators (0
/// without a k-pair, [`CompileOptions::k_pair`]).
fn pair_bytes(k_pair: bool, wm: i64, wn: i64) -> i64 {
    if k_pair { wm * wn * 4 } else { 0 }
}

/// The end of a k-pair's main loop ([`CompileOptions::k_pair`]): warpgroup 1 stores its
/// accumulators (the odd k-tiles' sum) and arrives on [`PAIR_BARRIER`]; warpgroup 0 waits
/// there and adds them into its own (the even k-tiles'), which then hold the tile. Both
/// warpgroups hold the same fragment layout, so thread `t` of one meets thread `t` of the
/// other: vector `q` of thread `t` at `16 (128 q + t)` bytes into the buffer, so that a
/// warp's 16-byte vectors fill 512 contiguous bytes (no bank conflicts). `bar.arrive` /
/// `bar.sync` order the stores before the loads (PTX ISA 9.7.13.1, bar); the buffer is
/// written by the generic proxy only, outside the stages, so no proxy fence is needed.
fn pair_partial(b: &mut Builder, sh: &Shape, base: Reg, tid: Reg, consumer: i64, acc: &[Vec<Reg>]) {
    let at = b.reg(RegClass::B32);
    b.emit(Op::And, "b32", vec![r(at), r(tid), imm(127)]);
    b.emit(Op::Mad, "lo.u32", vec![r(at), r(at), imm(16), r(base)]);
    let quads: Vec<&[Reg]> = acc.iter().flat_map(|a| a.chunks(4)).collect();
    let offset = |q: usize| sh.recv_offset() + 2048 * q as i64;
    if consumer == 1 {
        for (q, x) in quads.iter().enumerate() {
            b.emit(Op::St, "shared.v4.f32", vec![addr(at, offset(q)), vec(x)]);
        }
        b.emit(Op::Bar, "arrive", vec![imm(PAIR_BARRIER), imm(256)]);
        return;
    }
    b.emit(Op::Bar, "sync", vec![imm(PAIR_BARRIER), imm(256)]);
    let tmp: Vec<Vec<Reg>> = (0..4).map(|_| b.regs(RegClass::F32, 4)).collect();
    for (g, group) in quads.chunks(tmp.len()).enumerate() {
        for (i, x) in tmp.iter().enumerate().take(group.len()) {
            let q = g * tmp.len() + i;
            b.emit(Op::Ld, "shared.v4.f32", vec![vec(x), addr(at, offset(q))]);
        }
        for (quad, x) in group.iter().zip(&tmp) {
            for (a, v) in quad.iter().zip(x) {
                b.emit(Op::Add, "rn.f32", vec![r(*a), r(*a), r(*v)]);
            }
        }
    }
}

/// The other CTAs of a multicast cluster that write into this CTA's stages, by rank (empty
/// without multicast): every other CTA where one operand is shared, and in a block of
/// tiles the CTAs of this CTA's tile row (sharing A) and tile column (sharing B).
fn peers(b: &mut Builder, sh: &Shape) -> Vec<Reg> {
    if sh.mcast() < 2 {
        return Vec::new();
    }
    let cluster_rank = b.reg(RegClass::B32);
    b.emit(
        Op::Mov,
        "u32",
        vec![r(cluster_rank), sym("%cluster_ctarank")],
    );
    // With split-K, the peers of this CTA's k-split's block: ranks within the block, then
    // offset by the block's first rank.
    let rank = sh.block_rank(b, cluster_rank);
    let split_base = sh.split_base(b, cluster_rank, rank);
    let (rm, _) = sh.block_place(b, rank);
    // The column's first rank, where the block has several columns.
    let base = rm.filter(|_| sh.mc_cols > 1).map(|rm| {
        let base = b.reg(RegClass::B32);
        b.emit(Op::Sub, "u32", vec![r(base), r(rank), r(rm)]);
        base
    });
    let mut out = Vec::new();
    // The same tile row: rank + mc_rows * step (mod the cluster).
    for step in 1..sh.mc_cols {
        let peer = b.reg(RegClass::B32);
        let ops = vec![r(peer), r(rank), imm(sh.mc_rows * step)];
        b.emit(Op::Add, "u32", ops);
        b.emit(Op::Rem, "u32", vec![r(peer), r(peer), imm(sh.mcast())]);
        out.push(peer);
    }
    // The same tile column: its first rank + (rm + step) mod mc_rows.
    for step in 1..sh.mc_rows {
        let (peer, rm) = (b.reg(RegClass::B32), rm.expect("several rows"));
        b.emit(Op::Add, "u32", vec![r(peer), r(rm), imm(step)]);
        b.emit(Op::Rem, "u32", vec![r(peer), r(peer), imm(sh.mc_rows)]);
        if let Some(base) = base {
            b.emit(Op::Add, "u32", vec![r(peer), r(peer), r(base)]);
        }
        out.push(peer);
    }
    if let Some(split_base) = split_base {
        for &peer in &out {
            b.emit(Op::Add, "u32", vec![r(peer), r(peer), r(split_base)]);
        }
    }
    out
}

/// Which threads of a consumer warpgroup give its stages back (see [`Shape::releasers`]):
/// `local` arrives on this CTA's `empty` barriers and `remote` on the multicast peers'.
#[derive(Clone, Copy)]
struct Signal {
    local: Reg,
    remote: Reg,
}

impl Signal {
    /// The warpgroup's first thread arrives locally and its second warp's first thread on
    /// the peers (two warps, so that the two arrivals issue in parallel); with FFMA
    /// columns, every warp's lane 0 does both.
    fn new(b: &mut Builder, sh: &Shape, tid: Reg, lane: Reg) -> Self {
        let local = b.reg(RegClass::Pred);
        if sh.releasers() > 1 {
            b.emit(Op::Setp, "eq.u32", vec![r(local), r(lane), imm(0)]);
            return Signal {
                local,
                remote: local,
            };
        }
        let (remote, t) = (b.reg(RegClass::Pred), b.reg(RegClass::B32));
        b.emit(Op::And, "b32", vec![r(t), r(tid), imm(127)]);
        b.emit(Op::Setp, "eq.u32", vec![r(local), r(t), imm(0)]);
        b.emit(Op::Setp, "eq.u32", vec![r(remote), r(t), imm(32)]);
        Signal { local, remote }
    }

    /// The signalling threads, where `cond` holds too.
    fn when(&self, b: &mut Builder, cond: Reg) -> Signal {
        let (local, remote) = (b.reg(RegClass::Pred), b.reg(RegClass::Pred));
        b.emit(Op::And, "pred", vec![r(local), r(cond), r(self.local)]);
        b.emit(Op::And, "pred", vec![r(remote), r(cond), r(self.remote)]);
        Signal { local, remote }
    }
}

/// A consumer warpgroup's release of a stage (the threads of `when`): one arrival on the
/// stage's `empty` barrier at `local`. With multicast (of A or B) it also arrives on the
/// same `empty` barrier of every other CTA of the cluster (`mapa` + `mbarrier.arrive.shared::cluster`,
/// PTX ISA 9.7.9.22 and 9.7.13.15.13): their producers overwrite this CTA's stage too.
/// Default semantics (release, CTA scope), as CUTLASS's `ClusterBarrier::arrive` uses: the
/// wgmma reads it orders are complete (`wgmma.wait_group`), and `.release.cluster` puts a
/// `MEMBAR.ALL.GPU` in the k-loop (ptxas 13.0).
fn release_stage(b: &mut Builder, peers: &[Reg], when: Signal, local: Reg, remote: Reg) {
    b.emit_if(
        when.local,
        false,
        Op::Mbarrier,
        "arrive.shared::cta.b64",
        vec![sym("_"), addr(local, 0)],
    );
    for &peer in peers {
        // Under the arrival's guard: on a tile's first k-tile `local` names no stage yet.
        b.emit_if(
            when.remote,
            false,
            Op::Mapa,
            "shared::cluster.u32",
            vec![r(remote), r(local), r(peer)],
        );
        b.emit_if(
            when.remote,
            false,
            Op::Mbarrier,
            "arrive.shared::cluster.b64",
            vec![sym("_"), addr(remote, 0)],
        );
    }
}

/// The stream-K flags (see [`stream_k`]): one `u32` per CTA at `W + 4 * cta`, zero
/// between launches (the runtime zero-fills the workspace once; each flag is cleared by
/// the CTA that waited on it).
struct Workspace {
    /// Consumer thread 0 (raises and polls flags for the CTA).
    first: Reg,
}

impl Workspace {
    fn new(b: &mut Builder, tid: Reg) -> Self {
        let first = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "eq.u32", vec![r(first), r(tid), imm(128)]);
        Workspace { first }
    }

    /// `dst = W + 4 * cta` (64-bit), with `W` read from the parameter at each use: holding
    /// it across the main loop spilled the 128x256 consumer at its 168-register cap
    /// (ptxas 13.0).
    fn flag(&self, b: &mut Builder, dst: Reg, cta: Reg) {
        let w = b.reg(RegClass::B64);
        b.emit(Op::Ld, "param.u64", vec![r(w), Operand::addr(sym("W"), 0)]);
        b.emit(Op::Mul, "wide.u32", vec![r(dst), r(cta), imm(4)]);
        b.emit(Op::Add, "u64", vec![r(dst), r(dst), r(w)]);
    }

    /// Before a contributing unit's epilogue: thread 0 spins on this CTA's flag with
    /// `ld.acquire.gpu` until the tile's previous piece is in C, clears it for the next
    /// launch, and the consumers sync. Where the epilogue is `staged` (TMA stores and
    /// reduces), every consumer thread then orders that acquire before its async-proxy
    /// accesses (`fence.proxy.async.global`, PTX ISA 9.7.13.4.2): the TMA reduce reads C
    /// through the async proxy, and the previous piece may have been written by either.
    fn wait(&self, b: &mut Builder, sh: &Shape, unit: &SkAt, staged: bool) {
        let done = b.fresh_label("SK_READY");
        let spin = b.fresh_label("SK_SPIN");
        b.emit_if(unit.contrib, true, Op::Bra, "uni", vec![sym(&done)]);
        b.comment("stream-K: wait until the tile's earlier pieces are in C");
        let polled = b.fresh_label("SK_POLLED");
        b.emit_if(self.first, true, Op::Bra, "", vec![sym(&polled)]);
        let (g, flag, v, zero) = (
            b.reg(RegClass::B32),
            b.reg(RegClass::B64),
            b.reg(RegClass::B32),
            b.reg(RegClass::Pred),
        );
        b.emit(Op::Mov, "u32", vec![r(g), sym("%ctaid.x")]);
        self.flag(b, flag, g);
        b.label(&spin);
        b.emit(Op::Ld, "acquire.gpu.global.u32", vec![r(v), addr(flag, 0)]);
        b.emit(Op::Setp, "eq.u32", vec![r(zero), r(v), imm(0)]);
        b.emit_if(zero, false, Op::Bra, "", vec![sym(&spin)]);
        let none = b.const_u32(0);
        b.emit(
            Op::St,
            "relaxed.gpu.global.u32",
            vec![addr(flag, 0), r(none)],
        );
        b.label(&polled);
        b.emit(Op::Bar, "sync", vec![imm(1), imm(128 * sh.consumers)]);
        if staged {
            b.emit(Op::Fence, "proxy.async.global", vec![]);
        }
        b.label(&done);
    }

    /// After the epilogue of a unit that ends inside its tile: every bulk store or reduce
    /// of the CTA is complete, not only read (`cp.async.bulk.wait_group 0`, PTX ISA
    /// 9.7.9.25.3.2) and ordered before generic accesses (`fence.proxy.async.global`; both
    /// only where there is staging, the direct path writes C with generic stores), the
    /// consumers sync, and thread 0 raises CTA `g + 1`'s flag with a release
    /// (`fence.acq_rel.gpu` + `st.relaxed.gpu`, PTX ISA 8.4, memory consistency model).
    /// Raised at once, not after the CTA's next main loop: deferred, the next piece's CTA
    /// waited for it, 1.3% slower at 4096^3 (docs/BENCHMARKS.md run 16-b).
    fn signal(
        &self,
        b: &mut Builder,
        sh: &Shape,
        unit: &SkAt,
        staging: Option<&epilogue::Staging>,
    ) {
        let done = b.fresh_label("SK_SIGNALLED");
        b.emit_if(unit.signal, true, Op::Bra, "uni", vec![sym(&done)]);
        b.comment("stream-K: the next piece of this tile (CTA g + 1) may add into C");
        if let Some(st) = staging.filter(|st| st.tma()) {
            st.complete(b);
            b.emit(Op::Fence, "proxy.async.global", vec![]);
        }
        b.emit(Op::Bar, "sync", vec![imm(1), imm(128 * sh.consumers)]);
        let (g, flag) = (b.reg(RegClass::B32), b.reg(RegClass::B64));
        b.emit(Op::Mov, "u32", vec![r(g), sym("%ctaid.x")]);
        b.emit(Op::Add, "u32", vec![r(g), r(g), imm(1)]);
        self.flag(b, flag, g);
        b.emit_if(self.first, false, Op::Fence, "acq_rel.gpu", vec![]);
        let one = b.const_u32(1);
        b.emit_if(
            self.first,
            false,
            Op::St,
            "relaxed.gpu.global.u32",
            vec![addr(flag, 0), r(one)],
        );
        b.label(&done);
    }
}

/// `dst = start(cta)` of [`StreamK::start`], `cta * (W / G) + min(cta, W mod G)`: where
/// CTA `cta`'s stream-K range begins.
fn range_start(b: &mut Builder, sk: StreamK, dst: Reg, cta: Reg) {
    let (base, rem) = sk.base_rem();
    b.emit(Op::Min, "u32", vec![r(dst), r(cta), imm(rem)]);
    b.emit(Op::Mad, "lo.u32", vec![r(dst), r(cta), imm(base), r(dst)]);
}

/// 16-byte loads of other splits' quads a split-K owner keeps in flight before adding
/// them ([`split_k`]): at most [`REDUCE_BATCH`], fewer where the entry register cap
/// (`65536 / (threads * CTAs)`) leaves less than 4 registers each beyond the `accs`
/// accumulators and [`ADDRESSING_REGS`].
fn reduce_batch(sh: &Shape, accs: usize) -> usize {
    let cap = entry_reg_cap(128 * (sh.consumers + 1), sh.ctas);
    let free = (cap - accs as i64 - ADDRESSING_REGS).max(4) as usize;
    (free / 4).clamp(1, REDUCE_BATCH)
}

/// The most 16-byte loads in flight per thread in the split-K reduction.
const REDUCE_BATCH: usize = 8;
