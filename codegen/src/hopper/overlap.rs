//! The next tile's first k-tiles, issued during this tile's epilogue.
//!
//! In a cooperative persistent kernel both consumer warpgroups store a tile's C at the same
//! time, and the tensor cores idle until they are done: 12.8 of 188 us at 4096^3 on an H100
//! (docs/BENCHMARKS.md run 15). The accumulators cannot hold two tiles (128 of 232 registers
//! per thread), but they come free column by column as the TMA-store epilogue stages its
//! 32-column boxes. So once the boxes of a chunk of `cols` columns are staged, the
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

use super::{Ring, Shape, Signal, release_stage, wait};
use crate::builder::{Builder, imm, r, sym};

/// Accumulators of one wgmma: the first row of its A (within this consumer's rows), its
/// first B column, and its D fragment.
pub(super) type Chunk<'a> = (i64, i64, &'a [Reg]);

/// How a consumer warpgroup issues wgmma: the instruction's type suffix and operand flags,
/// and the registers it computes descriptors in.
#[derive(Clone)]
pub(super) struct Mma {
    /// `.f32.{dt}.{dt}`.
    types: String,
    /// `imm-trans-a`/`imm-trans-b` (f16 and bf16 only: tf32 is K-major).
    trans: Option<(i64, i64)>,
    /// A true predicate (scale-d of every wgmma but a tile's first).
    one: Reg,
    /// This consumer's byte offset of its rows in the A tile.
    a_rows: Reg,
    /// Scratch for the descriptor arithmetic.
    t32: Reg,
    dai: Reg,
    dbi: Reg,
}

impl Mma {
    pub(super) fn new(
        types: String,
        trans: Option<(i64, i64)>,
        one: Reg,
        a_rows: Reg,
        t32: Reg,
        (dai, dbi): (Reg, Reg),
    ) -> Self {
        Mma {
            types,
            trans,
            one,
            a_rows,
            t32,
            dai,
            dbi,
        }
    }

    /// Shared-memory matrix descriptors of this consumer's A rows and of the B tile in the
    /// stage at `stage`: matrix-descriptor-encode(start) = (start & 0x3FFFF) >> 4 in bits
    /// 0-13 over the constant bits (PTX ISA 9.7.15.5.1.2.2). The mask matters: in a cluster
    /// launch a shared address carries the CTA's rank in bits 24-31, which would otherwise
    /// spill into the LBO field (bits 16-29) on every CTA but rank 0. The B tile starts after
    /// the A tile. (Found by comparing tiles before: when A and B had the same major and
    /// rows, e.g. tf32 64x64 or 128x128 tiles, B's descriptor pointed at the A tile, the
    /// wrong sums first blamed on tf32 split-K, docs/BENCHMARKS.md run 6.)
    pub(super) fn descriptors(
        &self,
        b: &mut Builder,
        sh: &Shape,
        stage: Reg,
        (da, db): (Reg, Reg),
    ) {
        let t32 = self.t32;
        for (d, off, tile, tile_base) in [
            (da, Some(self.a_rows), &sh.a, 0),
            (db, None, &sh.b, sh.a.bytes()),
        ] {
            b.emit(Op::Add, "u32", vec![r(t32), r(stage), imm(tile_base)]);
            if let Some(o) = off {
                b.emit(Op::Add, "u32", vec![r(t32), r(t32), r(o)]);
            }
            b.emit(Op::And, "b32", vec![r(t32), r(t32), imm(0x3FFFF)]);
            b.emit(Op::Shr, "u32", vec![r(t32), r(t32), imm(4)]);
            b.emit(Op::Cvt, "u64.u32", vec![r(d), r(t32)]);
            b.emit(Op::Or, "b64", vec![r(d), r(d), imm(tile.desc_hi() as i64)]);
        }
    }

    /// One k-tile's wgmma from the stage with descriptors `(da, db)`: for every k-step and
    /// every `(row0, col0, d)` of `pieces`, `wgmma.m64n{n}` into `d` from A rows `row0..row0
    /// + 64` of this consumer and B columns `col0..col0 + n`; the first k-step's scale-d is
    /// `first` (false: `D = A * B`).
    pub(super) fn k_tile(
        &self,
        b: &mut Builder,
        sh: &Shape,
        (da, db): (Reg, Reg),
        pieces: &[Chunk],
        n: i64,
        first: Reg,
    ) {
        let shape = format!("mma_async.sync.aligned.m64n{n}k{}{}", sh.kstep, self.types);
        for kk in 0..sh.bk / sh.kstep {
            let k0 = kk * sh.kstep;
            for &(row0, col0, d) in pieces {
                let ao = sh.a.start_offset(row0, k0) - sh.a.start_offset(0, 0);
                let bo = sh.b.start_offset(col0, k0);
                b.emit(Op::Add, "s64", vec![r(self.dai), r(da), imm(ao >> 4)]);
                b.emit(Op::Add, "s64", vec![r(self.dbi), r(db), imm(bo >> 4)]);
                let scale_d = if kk == 0 { first } else { self.one };
                let mut ops = vec![
                    crate::builder::vec(d),
                    r(self.dai),
                    r(self.dbi),
                    r(scale_d),
                    imm(1),
                    imm(1),
                ];
                if let Some((ta, tb)) = self.trans {
                    ops.extend([imm(ta), imm(tb)]);
                }
                b.emit(Op::Wgmma, &shape, ops);
            }
        }
    }
}

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
}

impl Overlap {
    pub(super) fn new(b: &mut Builder, (kts, cols): (i64, i64), mma: Mma, lane: Reg) -> Self {
        let (next, primed, zero) = (
            b.reg(RegClass::Pred),
            b.reg(RegClass::Pred),
            b.reg(RegClass::Pred),
        );
        b.emit(Op::Setp, "ne.u32", vec![r(zero), r(lane), r(lane)]);
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
        }
    }

    /// Every accumulator of `acc`, in this overlap's chunks.
    pub(super) fn chunks<'a>(&self, acc: &'a [Vec<Reg>]) -> Vec<Chunk<'a>> {
        chunks(acc, acc[0].len() as i64 * 2, self.cols)
    }

    /// Whether this CTA has a tile after the current one (`tile + stride < end`).
    pub(super) fn find_next(&self, b: &mut Builder, tile: Reg, stride: Reg, end: i64) {
        let t = b.reg(RegClass::B32);
        b.emit(Op::Add, "u32", vec![r(t), r(tile), r(stride)]);
        b.emit(Op::Setp, "lt.u32", vec![r(self.next), r(t), imm(end)]);
    }

    /// Issues (where there is a next tile) its first `kts` k-tiles for `pieces` (`(row0,
    /// col0, accumulators)`, `n` columns each), as one wgmma group. `first`: the first
    /// call on this path of the epilogue, which waits for the k-tiles' stages and computes
    /// their descriptors.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn issue(
        &self,
        b: &mut Builder,
        sh: &Shape,
        ring: &Ring,
        (base, bars): (Reg, Reg),
        first: bool,
        pieces: &[Chunk],
        n: i64,
    ) {
        let skip = b.fresh_label("OVERLAP_SKIP");
        b.emit_if(self.next, true, Op::Bra, "uni", vec![sym(&skip)]);
        if first {
            self.prepare(b, sh, ring, base, bars);
        }
        b.emit(Op::Wgmma, "fence.sync.aligned", vec![]);
        for (j, &(d, _)) in self.tiles.iter().enumerate() {
            let first_k = if j == 0 { self.zero } else { self.mma.one };
            self.mma.k_tile(b, sh, d, pieces, n, first_k);
        }
        b.emit(Op::Wgmma, "commit_group.sync.aligned", vec![]);
        b.label(&skip);
    }

    /// Stage `(s + j) mod S` and its phase for each k-tile `j`: waits until it is full and
    /// computes its descriptors.
    fn prepare(&self, b: &mut Builder, sh: &Shape, ring: &Ring, base: Reg, bars: Reg) {
        let (s, phase, stage) = (
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
        );
        let wrap = b.reg(RegClass::Pred);
        for (j, &(d, bar)) in self.tiles.iter().enumerate() {
            b.emit(Op::Add, "u32", vec![r(s), r(ring.s), imm(j as i64)]);
            b.emit(Op::Setp, "ge.u32", vec![r(wrap), r(s), imm(sh.stages)]);
            b.emit_if(
                wrap,
                false,
                Op::Sub,
                "u32",
                vec![r(s), r(s), imm(sh.stages)],
            );
            b.emit(Op::Xor, "b32", vec![r(phase), r(ring.phase), imm(1)]);
            b.emit(
                Op::Selp,
                "b32",
                vec![r(phase), r(phase), r(ring.phase), r(wrap)],
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

/// The wgmma of one k-step over accumulators `acc` (one fragment per 64-row piece, `n_all`
/// wgmma columns) in chunks of `n` columns: piece-major, then column order.
pub(super) fn chunks(acc: &[Vec<Reg>], n_all: i64, n: i64) -> Vec<Chunk<'_>> {
    let regs = (n / 2) as usize;
    acc.iter()
        .enumerate()
        .flat_map(|(i, piece)| {
            piece[..(n_all / 2) as usize]
                .chunks(regs)
                .enumerate()
                .map(move |(g, d)| (64 * i as i64, n * g as i64, d))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunks cover every accumulator of every piece once, in piece-major then column order,
    /// each `n / 2` registers (4 per 8 columns of the D fragment) at column `n * g` and row
    /// `64 * piece`; with `n` equal to the tile's columns each piece is one chunk.
    #[test]
    fn chunks_slice_each_piece_by_columns() {
        let mut b = Builder::default();
        let acc: Vec<Vec<Reg>> = (0..2).map(|_| b.regs(RegClass::F32, 128)).collect();
        let cs = chunks(&acc, 256, 64);
        assert_eq!(cs.len(), 8);
        for (c, &(row0, col0, d)) in cs.iter().enumerate() {
            let (i, g) = (c / 4, c % 4);
            assert_eq!((row0, col0), (64 * i as i64, 64 * g as i64));
            assert_eq!(d, &acc[i][32 * g..32 * (g + 1)]);
        }
        let whole = chunks(&acc, 256, 256);
        assert_eq!(whole.len(), 2);
        assert!(
            whole
                .iter()
                .zip(&acc)
                .all(|(&(_, col0, d), a)| col0 == 0 && d == &a[..])
        );
    }
}
