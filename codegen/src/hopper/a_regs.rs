//! A tf32 A operand stored MN-major, fed to wgmma from registers (PTX ISA 9.7.15.5.1.1.2).
//!
//! tf32 wgmma reads only K-major tiles from shared memory (PTX ISA 9.7.15.5.1.2), but it also
//! takes A from registers, which may be loaded from a tile of any layout. A transposed plan's
//! A is the caller's row-major B (n fastest), a plain plan's is a column-major A: the TMA
//! engine writes their tiles MN-major ([`super::layout`]), and each consumer thread loads its
//! fragment of every k-step from there with `ld.shared.b32`. The loads' addresses do the
//! transposition. Before this, such an A went through a transposing copy
//! ([`super::transpose`]), which reads and writes the operand in DRAM once more before the
//! GEMM reads it.
//!
//! **Fragment** (PTX ISA Figure 150, CUTLASS's `ALayout_64x8`): register `q` (0-3) of
//! warpgroup thread `t` (warp `w`, lane `l`) holds A's element at row `16 w + l / 4 + 8 (q %
//! 2)`, k `l % 4 + 4 (q / 2)` of the 64 x 8 k-step.
//!
//! **Addresses.** Each thread computes once where its four elements of the first k-step of
//! its first 64-row piece lie in the tile (TMA's swizzled MN-major layout,
//! [`OperandTile::tma_offset`]). Every other k-step and piece lies a constant distance away
//! (whole swizzle atoms along k, whole chunks along m), which [`RegA::new`] checks for all
//! 128 threads and emits as immediates. Bank use with 128-byte spans: a warp's 32 loads of
//! one register read 8 m (two 16-byte chunks) in each of 4 k-rows; after the swizzle's XOR
//! (chunk `c` of k-row `t` at `c ^ t`) k-rows `t` and `t ^ 1` put their two chunks on the
//! same two chunk positions, so the 32 addresses fall in 16 banks, two each: two wavefronts
//! per load.
//! The layout was checked against an H100 by `verify` (docs/BENCHMARKS.md run 49-a).
//!
//! **Order.** wgmma reads A's registers asynchronously; they may not be written until the
//! wgmma has completed (PTX ISA 9.7.15.5.2, `wgmma.mma_async` and `wgmma.wait_group`). A
//! k-tile's k-steps go in two halves, each its own commit group: the first half's fragments
//! are loaded once the main loop's `wait_group 1` has retired the previous k-tile's first
//! half, the second half's once this k-tile's first half is committed and a `wait_group 1`
//! has retired the previous k-tile's second half. One half is in flight while the other's
//! fragments load, and a k-tile holds 4 registers per k-step and piece. A k-tile of one
//! k-step (32-byte spans) waits for every group first.

use emit_ptx::ast::{Op, Reg, RegClass};

use super::Shape;
use super::layout::{Major, OperandTile};
use crate::builder::{Builder, addr, imm, r};

/// A registers of one k-step's fragment per thread (tf32 `m64nNk8`).
const FRAG: usize = 4;

/// Row and k within the 64 x 8 k-step of A register `q` of warpgroup thread `t`.
fn fragment(t: i64, q: i64) -> (i64, i64) {
    let (w, l) = (t / 32, t % 32);
    let (dr, dk) = beyond_lane(q);
    (16 * w + l / 4 + dr, l % 4 + dk)
}

/// The rows and k that register `q`'s element lies beyond register 0's.
fn beyond_lane(q: i64) -> (i64, i64) {
    (8 * (q % 2), 4 * (q / 2))
}

/// Whether a kernel with this A tile and shape feeds A from registers: a tf32 A stored
/// MN-major.
pub(super) fn feeds(a: &OperandTile) -> bool {
    a.eb == 4 && a.major == Major::Mn
}

/// Registers per consumer thread that [`RegA`] holds for `pieces` 64-row pieces and
/// `steps` k-steps a k-tile: the fragments and eight addresses.
pub(super) fn regs(pieces: i64, steps: i64) -> i64 {
    pieces * steps * FRAG as i64 + 2 * FRAG as i64
}

/// `[piece][k-step][q]`: the bytes from A register `q`'s element in the first k-step and
/// piece to its element in each, for one consumer.
pub(super) type Deltas = Vec<Vec<[i64; FRAG]>>;

/// The [`Deltas`] of the consumer whose rows start at tile row `row0`.
///
/// # Errors
/// Where some distance depends on the thread (a layout this module does not address).
fn deltas(sh: &Shape, row0: i64) -> Result<Deltas, String> {
    let tile = &sh.a;
    let at = |t: i64, q: usize, p: i64, s: i64| {
        let (row, k) = fragment(t, q as i64);
        tile.tma_offset(row0 + 64 * p + row, s * sh.kstep + k)
    };
    (0..sh.wm / 64)
        .map(|p| {
            (0..sh.bk / sh.kstep)
                .map(|s| {
                    let mut d = [0; FRAG];
                    for (q, dq) in d.iter_mut().enumerate() {
                        *dq = at(0, q, p, s) - at(0, q, 0, 0);
                        if (1..128).any(|t| at(t, q, p, s) - at(t, q, 0, 0) != *dq) {
                            return Err(format!(
                                "A fragments from a {}-row MN-major tile of {}-byte spans",
                                tile.rows, tile.span
                            ));
                        }
                    }
                    Ok(d)
                })
                .collect()
        })
        .collect()
}

/// Each consumer's [`Deltas`], or why a kernel of this shape cannot feed its A from
/// registers: an odd number of k-steps a k-tile above one (no two halves), or a consumer
/// whose fragments [`deltas`] cannot address.
pub(super) fn check(sh: &Shape) -> Result<Vec<Deltas>, String> {
    let steps = sh.bk / sh.kstep;
    if steps > 1 && steps % 2 != 0 {
        return Err(format!(
            "A from registers with {steps} k-steps a k-tile (two halves needed)"
        ));
    }
    (0..sh.consumers)
        .map(|c| deltas(sh, c * sh.wg_row_step()))
        .collect()
}

/// One consumer thread's A fragments and where it loads them from.
pub(super) struct RegA {
    /// Byte offsets from the A tile of the thread's elements `q` of the first k-step and
    /// piece.
    off: [Reg; FRAG],
    /// The same as shared addresses in the current stage.
    at: [Reg; FRAG],
    /// `[piece][k-step]`: the fragment's registers.
    frags: Vec<Vec<Vec<Reg>>>,
    /// `[piece][k-step][q]`: bytes from element `q` of the first k-step and piece.
    delta: Vec<Vec<[i64; FRAG]>>,
}

impl RegA {
    /// The fragments of consumer thread `tid` (CTA thread index) whose warpgroup's rows
    /// start at tile row `row0`, at the distances `delta` that [`check`] found for it.
    pub(super) fn new(b: &mut Builder, sh: &Shape, tid: Reg, row0: i64, delta: &Deltas) -> Self {
        let tile = &sh.a;
        let delta = delta.clone();
        let (pieces, steps) = (delta.len(), delta[0].len());
        let per = tile.span / tile.eb;
        let w = b.digit(tid, 32, 4);
        let lane = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(lane), r(tid), imm(31)]);
        let (g, tq) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
        b.emit(Op::Shr, "u32", vec![r(g), r(lane), imm(2)]);
        b.emit(Op::And, "b32", vec![r(tq), r(lane), imm(3)]);
        let mn0 = b.reg(RegClass::B32);
        b.emit(Op::Mad, "lo.u32", vec![r(mn0), r(w), imm(16), r(g)]);
        let (mn, chunk, k, sw) = (
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
            b.reg(RegClass::B32),
        );
        let off = [0; FRAG].map(|_| b.reg(RegClass::B32));
        for (q, &o) in off.iter().enumerate() {
            let (dr, dk) = beyond_lane(q as i64);
            // [`OperandTile::tma_offset`] at (row0 + mn0 + dr, tq + dk): the chunk of `per`
            // m, the k-row's span, the element, then the swizzle's XOR.
            b.emit(Op::Add, "u32", vec![r(mn), r(mn0), imm(row0 + dr)]);
            b.emit(
                Op::Shr,
                "u32",
                vec![r(chunk), r(mn), imm(i64::from(per.trailing_zeros()))],
            );
            b.emit(Op::And, "b32", vec![r(mn), r(mn), imm(per - 1)]);
            b.emit(Op::Add, "u32", vec![r(k), r(tq), imm(dk)]);
            b.emit(
                Op::Mul,
                "lo.u32",
                vec![r(o), r(chunk), imm(tile.start_offset(per, 0))],
            );
            b.emit(Op::Mad, "lo.u32", vec![r(o), r(k), imm(tile.span), r(o)]);
            b.emit(Op::Mad, "lo.u32", vec![r(o), r(mn), imm(tile.eb), r(o)]);
            b.emit(Op::Shr, "u32", vec![r(sw), r(o), imm(7)]);
            b.emit(Op::And, "b32", vec![r(sw), r(sw), imm(tile.span / 16 - 1)]);
            b.emit(Op::Shl, "b32", vec![r(sw), r(sw), imm(4)]);
            b.emit(Op::Xor, "b32", vec![r(o), r(o), r(sw)]);
        }
        RegA {
            off,
            at: [0; FRAG].map(|_| b.reg(RegClass::B32)),
            frags: (0..pieces)
                .map(|_| (0..steps).map(|_| b.regs(RegClass::B32, FRAG)).collect())
                .collect(),
            delta,
        }
    }

    /// The thread's addresses in the stage whose A tile starts at shared address `tile`.
    pub(super) fn address(&self, b: &mut Builder, tile: Reg) {
        for (&at, &off) in self.at.iter().zip(&self.off) {
            b.emit(Op::Add, "u32", vec![r(at), r(tile), r(off)]);
        }
    }

    /// Loads the fragment of k-step `step` of piece `piece` from the current stage.
    pub(super) fn load(&self, b: &mut Builder, piece: usize, step: usize) {
        let regs = &self.frags[piece][step];
        for ((&reg, &at), &delta) in regs.iter().zip(&self.at).zip(&self.delta[piece][step]) {
            b.emit(Op::Ld, "shared.b32", vec![r(reg), addr(at, delta)]);
        }
    }

    /// The fragment of k-step `step` of piece `piece`.
    pub(super) fn frag(&self, piece: usize, step: usize) -> &[Reg] {
        &self.frags[piece][step]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragment_covers_the_k_step_once() {
        let mut seen = std::collections::HashSet::new();
        for t in 0..128 {
            for q in 0..4 {
                let (row, k) = fragment(t, q);
                assert!((0..64).contains(&row) && (0..8).contains(&k));
                assert!(seen.insert((row, k)));
            }
        }
        assert_eq!(fragment(5, 3), (1 + 8, 1 + 4));
    }
}
