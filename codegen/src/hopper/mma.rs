//! How a consumer warpgroup issues wgmma: the shared-memory matrix descriptors of a stage
//! and one k-tile's instructions over accumulator chunks (the main loop's, and the
//! epilogue overlap's, [`super::overlap`]).

use emit_ptx::ast::{Op, Reg};

use super::Shape;
use super::a_regs::RegA;
use crate::builder::{Builder, imm, r};

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
    pub(super) one: Reg,
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
    /// every `(row0, col0, d)` of `pieces`, `wgmma.m64n{n}` into `d` from this consumer's A
    /// rows `row0..row0 + 64` and B columns `col0..col0 + n`; the first k-step's scale-d is
    /// `first` (false: `D = A * B`). With `ra`, A comes from its registers, loaded here in
    /// two halves, the first half committed as a group of its own ([`super::a_regs`]; the
    /// caller commits the second), or with a single k-step once every group has retired.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn k_tile(
        &self,
        b: &mut Builder,
        sh: &Shape,
        (da, db): (Reg, Reg),
        pieces: &[Chunk],
        n: i64,
        first: Reg,
        ra: Option<&RegA>,
    ) {
        let shape = format!("mma_async.sync.aligned.m64n{n}k{}{}", sh.kstep, self.types);
        let steps = sh.bk / sh.kstep;
        let halves = match ra {
            Some(_) if steps > 1 => vec![(0, steps / 2), (steps / 2, steps)],
            _ => vec![(0, steps)],
        };
        for (i, (lo, hi)) in halves.into_iter().enumerate() {
            if let Some(ra) = ra {
                if i > 0 {
                    b.emit(Op::Wgmma, "commit_group.sync.aligned", vec![]);
                    b.emit(Op::Wgmma, "wait_group.sync.aligned", vec![imm(1)]);
                } else if steps == 1 {
                    // One k-step, one group: the previous k-tile's may still read the
                    // registers.
                    b.emit(Op::Wgmma, "wait_group.sync.aligned", vec![imm(0)]);
                }
                let mut rows: Vec<i64> = pieces.iter().map(|&(row0, _, _)| row0).collect();
                rows.sort_unstable();
                rows.dedup();
                for kk in lo..hi {
                    for &row0 in &rows {
                        ra.load(b, (row0 / 64) as usize, kk as usize);
                    }
                }
                // Orders the loads' register writes before the wgmma reads them.
                b.emit(Op::Wgmma, "fence.sync.aligned", vec![]);
            }
            for kk in lo..hi {
                let k0 = kk * sh.kstep;
                for &(row0, col0, d) in pieces {
                    let a = match ra {
                        Some(ra) => crate::builder::vec(ra.frag((row0 / 64) as usize, kk as usize)),
                        None => {
                            let ao = sh.a.start_offset(row0, k0) - sh.a.start_offset(0, 0);
                            b.emit(Op::Add, "s64", vec![r(self.dai), r(da), imm(ao >> 4)]);
                            r(self.dai)
                        }
                    };
                    let bo = sh.b.start_offset(col0, k0);
                    b.emit(Op::Add, "s64", vec![r(self.dbi), r(db), imm(bo >> 4)]);
                    let scale_d = if kk == 0 { first } else { self.one };
                    let mut ops = vec![
                        crate::builder::vec(d),
                        a,
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
    use emit_ptx::ast::RegClass;

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
