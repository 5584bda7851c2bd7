//! The next tile's first k-tiles, issued during this tile's epilogue.
//!
//! In a cooperative persistent kernel both consumer warpgroups store a tile's C at the same
//! time, and the tensor cores idle until they are done: 12.8 of 188 us at 4096^3 on an H100
//! (docs/BENCHMARKS.md run 15). The accumulators cannot hold two tiles (128 of 232 registers
//! per thread), but they come free column by column as the TMA-store epilogue stages its
//! boxes (one 128-byte span: 32 columns of an f32 C, 64 of a 16-bit one). So once the boxes of a chunk of `cols` columns are staged, the
//! warpgroup issues the next tile's first `kts` k-tiles for those columns
//! (`wgmma.m64n{cols}`, the first with scale-d false) into the chunk's registers, and the
//! tensor cores work while the rest of the tile is staged and stored.
//!
//! A chunk's accumulators are registers `cols / 2 * g ..` of the piece's fragment: the
//! wgmma D fragment repeats every 8 columns (PTX ISA 9.7.15.5.1.1), so the fragment of
//! `m64n{cols}` at column `cols * g` is that slice of the `m64n{bn}` fragment. Its B operand
//! starts at [`OperandTile::start_offset`]`(cols * g, k0)` (`cols` a multiple of 64: whole
//! MN-major swizzle chunks).
//!
//! The main loop issues its wgmma in the same `m64n{cols}` chunks: the ISA orders
//! accumulator accesses across wgmma only between instructions of the same shape (PTX ISA
//! 9.7.15.5.2, "wgmma.mma_async"), and ptxas serializes every wgmma of a kernel whose
//! in-flight accumulators change shape (C7511, ptxas 13.0). After the epilogue the chunks
//! are waited for (`wgmma.wait_group 0`, see [`Overlap::finish`]); the stages of the first
//! `kts - 1` k-tiles are released then, and the last one's release is the main loop's
//! first (its `prev_empty`), which then starts at k-tile `kts`.
//!
//! [`OperandTile::start_offset`]: super::layout::OperandTile::start_offset

use emit_ptx::ast::{Op, Reg, RegClass};

use super::mma::{Chunk, Mma, chunks};
use super::{Ring, Shape, Signal, release_stage, wait};
use crate::builder::{Builder, imm, r, sym};

/// A consumer warpgroup's overlap state, set up once before the tile loop.
pub(super) struct Overlap {
    /// k-tiles of the next tile issued in the epilogue (at least 1, fewer than a tile's, at
    /// most the ring's stages).
    pub(super) kts: i64,
    /// Accumulator columns per chunk: a multiple of 64 dividing the tile's.
    pub(super) cols: i64,
    mma: Mma,
    /// The CTA has a next tile (the same on every thread).
    next: Reg,
    /// The main loop starts at k-tile `kts` (the epilogue before issued the first ones).
    pub(super) primed: Reg,
    /// A false predicate: scale-d of the next tile's first k-step.
    zero: Reg,
    /// Per issued k-tile: its stage's descriptors and `full` barrier.
    tiles: Vec<((Reg, Reg), Reg)>,
    /// The consumer ring's stage index and phase (at the next tile's first k-tile when the
    /// epilogue runs).
    ring: (Reg, Reg),
    /// Shared addresses of the stages and of their barriers.
    smem: (Reg, Reg),
}

impl Overlap {
    /// Overlap state for `kts` k-tiles in `cols`-column chunks, issued with `mma` from the
    /// stages of `ring` at `smem` (stages, barriers).
    pub(super) fn new(
        b: &mut Builder,
        (kts, cols): (i64, i64),
        mma: Mma,
        ring: &Ring,
        smem: (Reg, Reg),
    ) -> Self {
        let (next, primed, zero) = (
            b.reg(RegClass::Pred),
            b.reg(RegClass::Pred),
            b.reg(RegClass::Pred),
        );
        b.emit(Op::Mov, "pred", vec![r(zero), imm(0)]);
        b.emit(Op::Mov, "pred", vec![r(primed), r(zero)]);
        let tiles = (0..kts)
            .map(|_| {
                let d = (b.reg(RegClass::B64), b.reg(RegClass::B64));
                (d, b.reg(RegClass::B32))
            })
            .collect();
        Overlap {
            kts,
            cols,
            mma,
            next,
            primed,
            zero,
            tiles,
            ring: (ring.s, ring.phase),
            smem,
        }
    }

    /// The accumulators `acc` in this overlap's chunks: piece-major, `acc[0].len() * 2 /
    /// cols` chunks per piece.
    pub(super) fn chunks<'a>(&self, acc: &'a [Vec<Reg>]) -> Vec<Chunk<'a>> {
        chunks(acc, acc[0].len() as i64 * 2, self.cols)
    }

    /// Issues the next tile's k-tiles for every accumulator of `acc` at once (after the
    /// direct path's stores).
    pub(super) fn issue_all(&self, b: &mut Builder, sh: &Shape, acc: &[Vec<Reg>]) {
        self.issue(b, sh, true, &self.chunks(acc));
    }

    /// Whether this CTA has a tile after the current one (`tile + stride < end`).
    pub(super) fn find_next(&self, b: &mut Builder, tile: Reg, stride: Reg, end: i64) {
        let t = b.reg(RegClass::B32);
        b.emit(Op::Add, "u32", vec![r(t), r(tile), r(stride)]);
        b.emit(Op::Setp, "lt.u32", vec![r(self.next), r(t), imm(end)]);
    }

    /// Issues (where there is a next tile) its first `kts` k-tiles for `pieces` (`(row0,
    /// col0, accumulators)`, `cols` columns each), as one wgmma group. `first`: the first
    /// call on this path of the epilogue, which waits for the k-tiles' stages and computes
    /// their descriptors.
    pub(super) fn issue(&self, b: &mut Builder, sh: &Shape, first: bool, pieces: &[Chunk]) {
        let skip = b.fresh_label("OVERLAP_SKIP");
        b.emit_if(self.next, true, Op::Bra, "uni", vec![sym(&skip)]);
        if first {
            self.prepare(b, sh);
        }
        b.emit(Op::Wgmma, "fence.sync.aligned", vec![]);
        for (j, &(d, _)) in self.tiles.iter().enumerate() {
            let first_k = if j == 0 { self.zero } else { self.mma.one };
            self.mma.k_tile(b, sh, d, pieces, self.cols, first_k, None);
        }
        b.emit(Op::Wgmma, "commit_group.sync.aligned", vec![]);
        b.label(&skip);
    }

    /// Stage `(s + j) mod S` and its phase for each k-tile `j`: waits until it is full and
    /// computes its descriptors.
    fn prepare(&self, b: &mut Builder, sh: &Shape) {
        let ((ring_s, ring_phase), (base, bars)) = (self.ring, self.smem);
        let (s, phase, stage) = (
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
        );
        let wrap = b.reg(RegClass::Pred);
        for (j, &(d, bar)) in self.tiles.iter().enumerate() {
            b.emit(Op::Add, "u32", vec![r(s), r(ring_s), imm(j as i64)]);
            b.emit(Op::Setp, "ge.u32", vec![r(wrap), r(s), imm(sh.stages)]);
            b.emit_if(
                wrap,
                false,
                Op::Sub,
                "u32",
                vec![r(s), r(s), imm(sh.stages)],
            );
            b.emit(Op::Xor, "b32", vec![r(phase), r(ring_phase), imm(1)]);
            b.emit(
                Op::Selp,
                "b32",
                vec![r(phase), r(phase), r(ring_phase), r(wrap)],
            );
            b.emit(Op::Mad, "lo.u32", vec![r(bar), r(s), imm(8), r(bars)]);
            b.emit(
                Op::Mad,
                "lo.u32",
                vec![r(stage), r(s), imm(sh.stage_bytes()), r(base)],
            );
            wait(b, bar, phase);
            self.mma.descriptors(b, sh, stage, d);
        }
    }

    /// After the epilogue: waits for the issued k-tiles; where there is a next tile,
    /// releases the stages of all of them but the last, makes the last one's `empty` barrier
    /// `prev_empty` (released by the main loop's first iteration, after its
    /// `wgmma.wait_group 1`), moves the ring past them, and primes the loop.
    ///
    /// The wait is unconditional, and waits for every group (`wait_group 0`): under the
    /// branch on `next`, or with the last group left pending, ptxas inserts its own wait on
    /// a divergent path and serializes every wgmma of the kernel (C7518, ptxas 13.0, the
    /// 4096^3 kernel with one and with two k-tiles issued).
    pub(super) fn finish(
        &self,
        b: &mut Builder,
        sh: &Shape,
        ring: &Ring,
        peers: &[Reg],
        signal: Signal,
        (prev_empty, remote): (Reg, Reg),
    ) {
        let skip = b.fresh_label("OVERLAP_DONE");
        b.emit(Op::Wgmma, "wait_group.sync.aligned", vec![imm(0)]);
        b.emit(Op::Mov, "pred", vec![r(self.primed), r(self.next)]);
        b.emit_if(self.next, true, Op::Bra, "uni", vec![sym(&skip)]);
        let empty = 8 * sh.stages;
        for (j, &(_, bar)) in self.tiles.iter().enumerate() {
            b.emit(Op::Add, "u32", vec![r(prev_empty), r(bar), imm(empty)]);
            if j + 1 < self.tiles.len() {
                release_stage(b, peers, signal, prev_empty, remote);
            }
        }
        let count = b.const_u32(self.kts);
        ring.skip(b, count);
        b.label(&skip);
    }
}
