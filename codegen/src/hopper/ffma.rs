//! FFMA columns beside wgmma: a heterogeneous warpgroup tile (the Mosaic paper's independent
//! tessellation along n) in which each consumer warpgroup computes the last `c` of the tile's
//! `bn` columns with FFMA while its wgmma covers the first `bn - c`, both reading the same
//! pipeline stages.
//!
//! **Who owns what.** A thread owns the FFMA outputs the wgmma D fragment would give it were
//! the wgmma `bn` wide (PTX ISA 9.7.15.5.1.1): in warp `w` of the warpgroup, lane `l`, for
//! each 8-column chunk `j` of the FFMA columns, rows `16w + l/4 + 8h` (`h` = 0, 1; plus 64 per
//! 64-row piece) and columns `bn - c + 8j + 2(l%4) + d` (`d` = 0, 1), in accumulator register
//! `4J + 2h + d` of the piece, `J` being the chunk's index in the whole fragment. The
//! epilogue therefore stores the FFMA columns with the wgmma's, unchanged.
//!
//! **Operands.** tf32 only: the operands are f32 in memory, K-major (row-major A,
//! column-major B), one 128-byte swizzle span per tile row, so row `r`'s k values
//! `4q..4q+4` are the 16-byte chunk at `r * 128 + (q ^ (r % 8)) * 16` of the tile
//! ([`super::layout`]). For each chunk `q` a thread loads each of its A rows and B columns
//! with one `ld.shared.v4.f32` and issues 4 FFMAs per (row, column) pair. The FFMA path
//! multiplies the full f32 values (no rounding to tf32), so its columns are at least as
//! exact as the wgmma's. Bank use: in a warp the 8 A rows `16w + l/4` have 8 distinct `r %
//! 8`, so their chunks lie in 8 distinct 16-byte bank groups (one wavefront for 128 bytes;
//! lanes of one row read the same address, a broadcast); the 4 B columns `2(l%4) + d` too.
//!
//! **Order.** The FFMAs of a k-tile are issued after its wgmmas are committed and before
//! `wgmma.wait_group`, so the FMA pipe works while the tensor cores do (co-issue; see
//! ../shared/ANCHORS.md for what that was measured to give). The stage is handed back one
//! k-tile later, after the loads here have been consumed.

use emit_ptx::ast::{Op, Reg, RegClass};
use itex::Instruction;
use tessellate::{GemmDType, Plan, Region, Split};

use super::Shape;
use super::layout::SPAN;
use crate::builder::{Builder, addr, f32imm, imm, r, vec};

/// The FFMA columns of a heterogeneous warpgroup plan whose regions are `t` (wgmma) and `v`.
///
/// # Errors
/// A one-line reason where the plan is not `[0, wm) x [0, bn - c)` on wgmma and `[0, wm) x
/// [bn - c, bn)` on FFMA over the whole k-step of a tf32 plan with 128-byte spans, `c` a
/// positive multiple of 8 (whole fragment chunks), untransposed.
pub fn columns(plan: &Plan, t: &Region, v: &Region) -> Result<i64, String> {
    let [wm, wn, bk] = plan.worker_tile();
    let p = &plan.problem;
    if plan.split != (Split::Independent { dim: 1 }) || v.piece.instruction() != Instruction::Ffma {
        return Err("a heterogeneous warpgroup tile not split along n into wgmma + FFMA".into());
    }
    if p.dtype != GemmDType::TF32 || bk * p.dtype.input_bytes() != SPAN || plan.transposed {
        return Err(format!(
            "FFMA columns beside wgmma for {} with {}-byte spans{} (tf32, 128-byte spans only)",
            p.dtype,
            bk * p.dtype.input_bytes(),
            if plan.transposed { ", transposed" } else { "" }
        ));
    }
    let split = t.hi[1];
    let cols = wn - split;
    if t.lo != [0, 0, 0] || t.hi != [wm, split, bk] || v.lo != [0, split, 0] || v.hi != [wm, wn, bk]
    {
        return Err("wgmma and FFMA regions that are not two column blocks of the box".into());
    }
    if cols <= 0 || cols % 8 != 0 {
        return Err(format!("{cols} FFMA columns (whole 8-column chunks only)"));
    }
    Ok(cols)
}

/// A consumer thread's FFMA state, set up once before the tile loop.
pub(super) struct Cols {
    /// Byte offset of the thread's first A row in a stage: the warpgroup's rows, then row
    /// `16w + l/4`.
    a_off: Reg,
    /// Byte offset of the thread's first B column (`bn - c + 2(l%4)`) in a stage.
    b_off: Reg,
    /// `(l/4) * 16` and `2(l%4) * 16`: the rows' `r % 8` and the first column's, as the
    /// chunk XOR of the 128B swizzle.
    xa: Reg,
    xb: Reg,
    /// Per-k-tile addresses and chunk offsets.
    pa: Reg,
    pb: Reg,
    q: [Reg; 3],
    /// A chunks `[piece][h]` and B chunks `[chunk][d]`, 4 values each.
    a: Vec<Vec<Reg>>,
    b: Vec<Vec<Reg>>,
}

impl Cols {
    /// Per-thread offsets for consumer `tid` (CTA thread index), whose warpgroup's rows
    /// start `a_first` bytes into the A tile.
    pub(super) fn new(b: &mut Builder, sh: &Shape, tid: Reg, a_first: Reg) -> Self {
        let pieces = (sh.wm / 64) as usize;
        let chunks = (sh.ffma_cols / 8) as usize;
        let w = b.digit(tid, 32, 4);
        let lane = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(lane), r(tid), imm(31)]);
        let (row, xa) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
        b.emit(Op::Shr, "u32", vec![r(row), r(lane), imm(2)]);
        b.emit(Op::Shl, "b32", vec![r(xa), r(row), imm(4)]);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(w), imm(16), r(row)]);
        let a_off = b.reg(RegClass::B32);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(a_off), r(row), imm(SPAN), r(a_first)],
        );
        let (col, xb) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
        b.emit(Op::And, "b32", vec![r(col), r(lane), imm(3)]);
        b.emit(Op::Shl, "b32", vec![r(xb), r(col), imm(5)]);
        let b_off = b.reg(RegClass::B32);
        let first_col = sh.a.bytes() + (sh.bn - sh.ffma_cols) * SPAN;
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(b_off), r(col), imm(2 * SPAN), imm(first_col)],
        );
        Cols {
            a_off,
            b_off,
            xa,
            xb,
            pa: b.reg(RegClass::B32),
            pb: b.reg(RegClass::B32),
            q: [0; 3].map(|_| b.reg(RegClass::B32)),
            a: (0..2 * pieces).map(|_| b.regs(RegClass::F32, 4)).collect(),
            b: (0..2 * chunks).map(|_| b.regs(RegClass::F32, 4)).collect(),
        }
    }

    /// The thread's FFMA accumulators in `acc` (per 64-row piece: the fragment's registers
    /// from the first FFMA chunk on).
    fn owned<'a>(&self, sh: &Shape, acc: &'a [Vec<Reg>]) -> impl Iterator<Item = &'a [Reg]> {
        let first = ((sh.bn - sh.ffma_cols) / 2) as usize;
        acc.iter().map(move |piece| &piece[first..])
    }

    /// Zeroes the FFMA accumulators (a tile's start: the wgmma's first instruction writes
    /// its own with scale-d false instead).
    pub(super) fn zero(&self, b: &mut Builder, sh: &Shape, acc: &[Vec<Reg>]) {
        for regs in self.owned(sh, acc) {
            for &x in regs {
                b.emit(Op::Mov, "f32", vec![r(x), f32imm(0.0)]);
            }
        }
    }

    /// One k-tile's FFMAs from the stage at `stage` (shared address of its A tile; B follows).
    pub(super) fn step(&self, b: &mut Builder, sh: &Shape, stage: Reg, acc: &[Vec<Reg>]) {
        let [qa, qb0, qb1] = self.q;
        b.emit(Op::Add, "u32", vec![r(self.pa), r(stage), r(self.a_off)]);
        b.emit(Op::Add, "u32", vec![r(self.pb), r(stage), r(self.b_off)]);
        for q in 0..SPAN / 16 {
            // Physical chunk of logical chunk q in rows of phase xa / xb / xb + 1.
            b.emit(Op::Xor, "b32", vec![r(qa), r(self.xa), imm(16 * q)]);
            b.emit(Op::Add, "u32", vec![r(qa), r(qa), r(self.pa)]);
            b.emit(Op::Xor, "b32", vec![r(qb0), r(self.xb), imm(16 * q)]);
            b.emit(Op::Xor, "b32", vec![r(qb1), r(qb0), imm(16)]);
            b.emit(Op::Add, "u32", vec![r(qb0), r(qb0), r(self.pb)]);
            b.emit(Op::Add, "u32", vec![r(qb1), r(qb1), r(self.pb)]);
            for (i, regs) in self.a.iter().enumerate() {
                // Row pairs 8 apart, pieces 64 apart.
                let off = (64 * (i as i64 / 2) + 8 * (i as i64 % 2)) * SPAN;
                b.emit(Op::Ld, "shared.v4.f32", vec![vec(regs), addr(qa, off)]);
            }
            for (i, regs) in self.b.iter().enumerate() {
                // Column pairs (d = 0, 1) at their own phases; chunks 8 columns apart.
                let base = if i % 2 == 0 { qb0 } else { qb1 };
                let off = 8 * (i as i64 / 2) * SPAN + (i as i64 % 2) * SPAN;
                b.emit(Op::Ld, "shared.v4.f32", vec![vec(regs), addr(base, off)]);
            }
            for (piece, regs) in self.owned(sh, acc).enumerate() {
                for h in 0..2 {
                    let a = &self.a[2 * piece + h];
                    for j in 0..self.b.len() / 2 {
                        for d in 0..2 {
                            let bv = &self.b[2 * j + d];
                            let x = regs[4 * j + 2 * h + d];
                            for kk in 0..4 {
                                b.emit(Op::Fma, "rn.f32", vec![r(x), r(a[kk]), r(bv[kk]), r(x)]);
                            }
                        }
                    }
                }
            }
        }
    }
}
