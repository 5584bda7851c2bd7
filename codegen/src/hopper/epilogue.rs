//! The consumer warpgroups' epilogue: `C = alpha * acc + beta * C` (C row-major f32, `M x N`,
//! n fastest) from the wgmma accumulator fragments.
//!
//! With `beta == 0` and a TMA store (`Staging`: where C's row pitch is a multiple of 16
//! bytes, the tile a whole number of 128-byte boxes wide and shared memory has room; not a
//! transposed decode plan with an f32 C, see `Shape::of`), each consumer warpgroup writes its scaled
//! accumulators in boxes of 64 rows x 32 columns into a staging buffer, in the
//! 128-byte swizzled layout a `CU_TENSOR_MAP_SWIZZLE_128B` tensor map reads, and one thread
//! hands each box to the TMA engine (`cp.async.bulk.tensor.2d.global.shared::cta`, `.3d`
//! with the batch as the third coordinate in batched kernels; PTX ISA 9.7.9.25.5.2), which writes whole 128-byte lines of C and drops the out-of-bounds part
//! of ragged edge boxes. The warpgroup goes on to its next box (and tile) while the engine
//! drains the last; two buffers per warpgroup where shared memory allows. An f32 C whose
//! row pitch is not a multiple of 16 bytes is staged the same way and written by the warps
//! themselves, a row of the box per warp store ([`RowStores`]; the TMA engine takes no
//! such pitch). Otherwise (`beta != 0`, a 16-bit C or a transposed plan of such a pitch, no
//! room) every thread stores its fragment pairs straight to global memory, masked at the
//! edges.
//!
//! An f32 C is staged without `stmatrix` (it moves 16-bit elements, PTX ISA 9.7.9.23): a
//! thread's two adjacent f32 accumulators are one 8-byte `st.shared.v2.f32`, and the swizzle
//! makes a warp's 8 rows x 32 bytes land in all 32 banks twice, the minimum of two wavefronts
//! for 256 bytes. A 16-bit C (`CompileOptions::half_c`) packs each pair into one f16x2 /
//! bf16x2 register (`cvt.rn`) and stages four 8x8 matrices per warp with one
//! `stmatrix.sync.aligned.m8n8.x4.shared.b16` (PTX ISA 9.7.9.23): the m8n8 fragment a lane
//! holds (row `lane/4`, columns `2(lane%4)`, `+1`) is the wgmma D fragment's per 8-column
//! chunk and 8-row half, and each of a matrix's rows is one 16-byte unit of the swizzled box,
//! its address given by lane `8 * matrix + row` (see [`stmatrix_offset`]). Boxes are then 64
//! columns wide (one 128-byte span).
//!
//! A transposed plan (`Shape::transposed`: the kernel computes `C^T`, tile element `(i, j)`
//! is the caller's `C[j][i]`) stages each 64-row piece's columns transposed, so that the
//! TMA engine still writes whole 128-byte lines of the caller's row-major C: a staged box's
//! rows are the caller's rows (the kernel's columns) and its 128 bytes the caller's columns
//! (the kernel's rows). An f32 C takes 32 kernel rows per box, so a stage of 64 rows x 32
//! columns is two boxes of 32 x 32, one per pair of warps, each thread storing its
//! accumulators one `st.shared.f32` at a time (its pair is adjacent along the kernel's
//! columns, which are the caller's rows: not adjacent in C). A 16-bit C takes all 64 rows
//! in one 64 x 64 box, staged with `stmatrix ... .trans` (PTX ISA 9.7.9.23: each 8x8
//! matrix is stored column-major, so the row a lane addresses is one column of its
//! fragment). See [`staged_offset_t`] and [`stmatrix_offset_t`]. Measured on an H100
//! against direct stores: docs/BENCHMARKS.md run 29.

use emit_ptx::ast::{Operand, Reg, RegClass};

use super::Shape;
use super::layout::{SPAN, swizzle};
use super::overlap::Overlap;
use crate::builder::{Builder, addr, f32imm, imm, r, sym, vec};
use crate::{TensorMapSpec, TmaElem, TmaOperand};
use emit_ptx::ast::Op;

/// Bytes of one staging buffer: a box of 64 rows (one wgmma piece) x 128 bytes.
pub(super) const STORE_BOX_BYTES: i64 = tessellate::ring::STAGING_BUFFER_BYTES;

/// Bytes of one element of C: 4 (f32) or 2 (f16, bf16).
pub(super) fn c_bytes(sh: &Shape) -> i64 {
    if sh.c_half.is_some() { 2 } else { 4 }
}

/// Columns of one TMA-store box: one 128-byte swizzle span, 32 f32 or 64 16-bit elements.
pub(super) fn store_cols(sh: &Shape) -> i64 {
    SPAN / c_bytes(sh)
}

/// Kernel columns of one staged stage: [`store_cols`], except a transposed plan's 16-bit C
/// on tiles that are not a multiple of 64 columns wide (160, the common transposed width),
/// which stages 32 columns at a time (boxes of 64 x 32, two `stmatrix.trans` a warp).
pub(super) fn stage_cols(sh: &Shape) -> i64 {
    if sh.transposed && sh.c_half.is_some() && sh.bn % 64 != 0 {
        32
    } else {
        store_cols(sh)
    }
}

/// Kernel columns a tile's width must be a multiple of to stage whole stages: 32 for an f32
/// C or a transposed plan's 16-bit C, 64 for a plain 16-bit C (`c_bytes` bytes an element).
pub(super) fn stage_multiple(transposed: bool, c_bytes: i64) -> i64 {
    if transposed { 32 } else { SPAN / c_bytes }
}

/// The tensor map the TMA stores write C through: C's type, the caller's n fastest, boxes of
/// [`store_cols`] columns (one 128-byte span) x 64 rows, 128B-swizzled as staged. For a
/// transposed plan (`p` is the kernel's problem, `n x m` of the caller's) the caller's C is
/// `p.n` rows of `p.m` elements and the boxes are [`store_cols`] x [`stage_cols`]
/// ([`t_boxes`] of them per stage).
pub(super) fn tensor_map(p: &tessellate::GemmProblem, sh: &Shape) -> TensorMapSpec {
    let cb = c_bytes(sh);
    let (inner, outer, box_rows) = if sh.transposed {
        (p.m, p.n, stage_cols(sh))
    } else {
        (p.n, p.m, 64)
    };
    TensorMapSpec {
        operand: TmaOperand::C,
        elem: match sh.c_half {
            None => TmaElem::F32,
            Some("bf16") => TmaElem::BF16,
            Some(_) => TmaElem::F16,
        },
        dims: [inner as u64, outer as u64],
        stride_bytes: (inner * cb) as u64,
        box_dims: [store_cols(sh) as u32, box_rows as u32],
        swizzle_bytes: SPAN as u32,
        batch: p.batch as u64,
        batch_stride_bytes: (p.m * p.n * cb) as u64,
        l2_promotion_bytes: sh.l2_promotion_bytes(),
    }
}

/// Where thread `lane` of warp `w` of a consumer warpgroup stages accumulator pair `(v0,
/// v1)` of 8-column chunk `jj` (0..4) of a box, half `h` (rows +8): the pair sits at box row
/// `16w + lane/4 + 8h`, columns `8jj + 2(lane%4) + {0, 1}` (the wgmma D fragment, PTX ISA
/// 9.7.15.5.1.1), and the box is stored `Swizzle<3,4,3>`-swizzled (see [`swizzle`]).
/// The emitted code computes this as `row * 128 + ((2jj + (lane/2)%2) ^ (lane/4)) * 16 +
/// (lane%2) * 8`, because the row's phase within the swizzle atom is `lane / 4`.
pub fn staged_offset(w: i64, lane: i64, jj: i64, h: i64) -> i64 {
    let row = 16 * w + lane / 4 + 8 * h;
    let col = 8 * jj + 2 * (lane % 4);
    swizzle(SPAN, row * SPAN + col * 4)
}

/// A 16-bit C's box (64 rows x 64 columns, 128 bytes a row): where lane `lane` of warp `w`
/// points `stmatrix` number `p` (0..4) of the box. Matrix `q = lane / 8` of that
/// instruction is 8-column chunk `2p + q/2`, rows `16w + 8(q%2) ..+8` (the D fragment's half
/// `q % 2`), and the lane gives the address of its row `lane % 8`: the chunk's 16-byte unit
/// of that row, at `swizzle(128, row * 128 + chunk * 16)`. The emitted code computes
/// `row * 128 + ((2p + lane/16) ^ (lane%8)) * 16`, because a row's phase within the
/// swizzle atom is `lane % 8`.
pub fn stmatrix_offset(w: i64, lane: i64, p: i64) -> i64 {
    let q = lane / 8;
    let row = 16 * w + 8 * (q % 2) + lane % 8;
    swizzle(SPAN, row * SPAN + (2 * p + q / 2) * 16)
}

/// Boxes a transposed plan's stage (64 kernel rows x [`stage_cols`] kernel columns) is
/// stored as: each [`store_cols`] kernel rows wide (one 128-byte span of the caller's row).
pub(super) fn t_boxes(sh: &Shape) -> i64 {
    64 / store_cols(sh)
}

/// Transposed f32 C: where thread `lane` of warp `w` stages accumulator `d` of pair `(v0,
/// v1)` in 8-column chunk `jj` (0..4) of a stage, half `h`. The element is kernel row `R =
/// 16w + lane/4 + 8h` (the caller's column) and kernel column `y = 8jj + 2(lane%4) + d` (the
/// caller's row): box `R / 32` (4096 bytes each), row `y`, column `R % 32`, swizzled as a
/// `SWIZZLE_128B` map of 32 x 32 f32 boxes reads it. The emitted code computes
/// `4096(w/2) + y * 128 + ((4(w%2) + 2h + lane/16) ^ (y%8)) * 16 + 4((lane/4)%4)`.
pub fn staged_offset_t(w: i64, lane: i64, jj: i64, h: i64, d: i64) -> i64 {
    let row = 16 * w + lane / 4 + 8 * h;
    let y = 8 * jj + 2 * (lane % 4) + d;
    (row / 32) * 32 * SPAN + swizzle(SPAN, y * SPAN + (row % 32) * 4)
}

/// Transposed 16-bit C: where lane `lane` of warp `w` points `stmatrix.trans` number `p`
/// (0..4) of a stage (64 kernel rows x 64 kernel columns, one box). Matrix `q = lane / 8`
/// is the D fragment's 8-column chunk `2p + q/2`, rows `16w + 8(q%2) ..+8`, as in
/// [`stmatrix_offset`]; stored transposed, its row `i` is fragment column `8(2p + q/2) + i`,
/// the box's row (the caller's row), and its 16 bytes are the 8 kernel rows, the box's
/// 16-byte unit `2w + q%2`. The emitted code computes `(8(2p + lane/16) + lane%8) * 128 +
/// ((2w + (lane/8)%2) ^ (lane%8)) * 16`.
pub fn stmatrix_offset_t(w: i64, lane: i64, p: i64) -> i64 {
    let q = lane / 8;
    let y = 8 * (2 * p + q / 2) + lane % 8;
    swizzle(SPAN, y * SPAN + (2 * w + q % 2) * 16)
}

/// Who writes a warpgroup's staged boxes to C.
#[derive(Clone, Copy)]
enum Out {
    /// The TMA engine, through the tensor map at this generic address (`tmap_c`).
    Tma(Reg),
    /// The warps themselves, row by row, where C's row pitch rules out a TMA store
    /// (`Shape::row_stores`).
    Rows(RowStores),
}

/// Where a consumer thread stages its accumulators, in the warpgroup's first buffer.
#[derive(Clone, Copy)]
enum Slots {
    /// f32 C: the thread's pair in each of a box's four 8-column chunks, for `h = 0`
    /// ([`staged_offset`]).
    Pairs([Reg; 4]),
    /// 16-bit C: the row address the lane gives each of a box's four `stmatrix`
    /// ([`stmatrix_offset`]).
    Rows([Reg; 4]),
    /// Transposed f32 C: the thread's element `(h, d)` of chunk 0, index `2h + d`; chunk
    /// `jj` is `jj * 8 * 128` bytes further ([`staged_offset_t`]).
    TPairs([Reg; 4]),
    /// Transposed 16-bit C: the row address of the stage's first `stmatrix.trans`; number
    /// `p` (of [`stage_cols`] / 16) is `p * 16 * 128` bytes further ([`stmatrix_offset_t`]).
    TRows(Reg),
}

/// A consumer warpgroup's TMA-store state, set up once before the tile loop.
pub(super) struct Staging {
    /// The thread's staging addresses.
    slots: Slots,
    /// Buffers per warpgroup (1 or 2), [`STORE_BOX_BYTES`] apart.
    bufs: i64,
    /// Who writes the staged boxes to C.
    out: Out,
    /// Thread 0 of the warpgroup: waits for, issues and commits the bulk stores.
    leader: Reg,
    /// The warpgroup's first buffer (shared address).
    first: Reg,
    /// Named barrier of this warpgroup (2 + its index; 0 is the CTA's, 1 the consumers').
    bar: Reg,
}

impl Staging {
    /// Sets up warpgroup `ci`'s staging buffers at `first` (shared address of its first
    /// buffer, 1024-byte aligned).
    pub(super) fn new(b: &mut Builder, sh: &Shape, tid: Reg, ci: Reg, first: Reg) -> Self {
        let lane = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(lane), r(tid), imm(31)]);
        let w = b.digit(tid, 32, 4);
        let slots = match (sh.transposed, sh.c_half.is_some()) {
            (false, true) => Slots::Rows(Self::stmatrix_rows(b, lane, w, first)),
            (false, false) => Slots::Pairs(Self::pair_chunks(b, lane, w, first)),
            (true, true) => Slots::TRows(Self::stmatrix_rows_t(b, lane, w, first)),
            (true, false) => Slots::TPairs(Self::elements_t(b, lane, w, first)),
        };
        let out = if sh.row_stores {
            Out::Rows(RowStores::new(b, lane, w, first))
        } else {
            let map = b.reg(RegClass::B64);
            b.emit(Op::Mov, "u64", vec![r(map), sym("tmap_c")]);
            b.emit(Op::Cvta, "param.u64", vec![r(map), r(map)]);
            Out::Tma(map)
        };
        let t = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(t), r(tid), imm(127)]);
        let leader = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "eq.u32", vec![r(leader), r(t), imm(0)]);
        let bar = b.add_u32(ci, 2);
        Staging {
            slots,
            bufs: sh.store_bufs,
            out,
            leader,
            first,
            bar,
        }
    }

    /// f32 C: the thread's pair in each 8-column chunk of a box, for `h = 0`
    /// ([`staged_offset`]).
    fn pair_chunks(b: &mut Builder, lane: Reg, w: Reg, first: Reg) -> [Reg; 4] {
        let q = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(q), r(lane), imm(2)]);
        // Row base and the 8 bytes of the pair within its 16-byte chunk.
        let row = b.reg(RegClass::B32);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(w), imm(16), r(q)]);
        let within = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(within), r(lane), imm(1)]);
        b.emit(Op::Shl, "b32", vec![r(within), r(within), imm(3)]);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(row), r(row), imm(SPAN), r(within)],
        );
        b.emit(Op::Add, "u32", vec![r(row), r(row), r(first)]);
        let half = b.digit(lane, 2, 2);
        [0, 1, 2, 3].map(|jj| {
            let c = b.reg(RegClass::B32);
            b.emit(Op::Add, "u32", vec![r(c), r(half), imm(2 * jj)]);
            b.emit(Op::Xor, "b32", vec![r(c), r(c), r(q)]);
            b.emit(Op::Mad, "lo.u32", vec![r(c), r(c), imm(16), r(row)]);
            c
        })
    }

    /// 16-bit C: the row address the lane gives each of a box's four `stmatrix`
    /// ([`stmatrix_offset`]).
    fn stmatrix_rows(b: &mut Builder, lane: Reg, w: Reg, first: Reg) -> [Reg; 4] {
        let rr = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(rr), r(lane), imm(7)]);
        let qh = b.digit(lane, 8, 2);
        let qj = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(qj), r(lane), imm(4)]);
        // Row 16w + 8(q % 2) + lane % 8, in bytes from the buffer.
        let row = b.reg(RegClass::B32);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(w), imm(2), r(qh)]);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(row), imm(8), r(rr)]);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(row), imm(SPAN), r(first)]);
        [0, 1, 2, 3].map(|p| {
            let c = b.reg(RegClass::B32);
            b.emit(Op::Add, "u32", vec![r(c), r(qj), imm(2 * p)]);
            b.emit(Op::Xor, "b32", vec![r(c), r(c), r(rr)]);
            b.emit(Op::Mad, "lo.u32", vec![r(c), r(c), imm(16), r(row)]);
            c
        })
    }

    /// Transposed f32 C: the thread's element `(h, d)` of chunk 0 ([`staged_offset_t`]),
    /// index `2h + d`.
    fn elements_t(b: &mut Builder, lane: Reg, w: Reg, first: Reg) -> [Reg; 4] {
        // The box (warps 0-1 or 2-3) and the 4 bytes within the 16-byte unit: `lane & 12`
        // is 4((lane/4)%4).
        let base = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(base), r(w), imm(2)]);
        b.emit(Op::Shl, "b32", vec![r(base), r(base), imm(11)]);
        let within = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(within), r(lane), imm(12)]);
        b.emit(Op::Add, "u32", vec![r(base), r(base), r(within)]);
        b.emit(Op::Add, "u32", vec![r(base), r(base), r(first)]);
        // The unit before the swizzle, 4(w%2) + lane/16 (+ 2h), and the row's phase,
        // 2(lane%4) (+ d).
        let unit = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(unit), r(w), imm(1)]);
        b.emit(Op::Shl, "b32", vec![r(unit), r(unit), imm(2)]);
        let hi = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(hi), r(lane), imm(4)]);
        b.emit(Op::Add, "u32", vec![r(unit), r(unit), r(hi)]);
        let phase = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(phase), r(lane), imm(3)]);
        b.emit(Op::Shl, "b32", vec![r(phase), r(phase), imm(1)]);
        [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(h, d)| {
            let (y, u) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
            b.emit(Op::Add, "u32", vec![r(y), r(phase), imm(d)]);
            b.emit(Op::Add, "u32", vec![r(u), r(unit), imm(2 * h)]);
            b.emit(Op::Xor, "b32", vec![r(u), r(u), r(y)]);
            let slot = b.reg(RegClass::B32);
            b.emit(Op::Mad, "lo.u32", vec![r(slot), r(y), imm(SPAN), r(base)]);
            b.emit(Op::Mad, "lo.u32", vec![r(slot), r(u), imm(16), r(slot)]);
            slot
        })
    }

    /// Transposed 16-bit C: the row address the lane gives the stage's first
    /// `stmatrix.trans` ([`stmatrix_offset_t`]).
    fn stmatrix_rows_t(b: &mut Builder, lane: Reg, w: Reg, first: Reg) -> Reg {
        let i = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(i), r(lane), imm(7)]);
        let qh = b.digit(lane, 8, 2);
        let qj = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(qj), r(lane), imm(4)]);
        // Row 8(lane/16) + lane%8 of the box, in bytes from the buffer.
        let row = b.reg(RegClass::B32);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(qj), imm(8), r(i)]);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(row), imm(SPAN), r(first)]);
        let u = b.reg(RegClass::B32);
        b.emit(Op::Mad, "lo.u32", vec![r(u), r(w), imm(2), r(qh)]);
        b.emit(Op::Xor, "b32", vec![r(u), r(u), r(i)]);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(u), imm(16), r(row)]);
        row
    }

    /// Whether the boxes go out through the TMA engine (else the warps' [`RowStores`]).
    pub(super) fn tma(&self) -> bool {
        matches!(self.out, Out::Tma(_))
    }

    /// Before a stream-K signal: the leader waits until its bulk stores and reduces are
    /// complete, their writes to C done (`cp.async.bulk.wait_group 0` without `.read`,
    /// PTX ISA 9.7.9.25.3.2). Only for the TMA engine's boxes ([`Staging::tma`]): row stores
    /// are generic stores, as the direct path's.
    pub(super) fn complete(&self, b: &mut Builder) {
        b.emit_if(
            self.leader,
            false,
            Op::CpAsync,
            "bulk.wait_group",
            vec![imm(0)],
        );
    }

    /// After the last tile: the leader waits until the engine has read every staged box, so
    /// that the CTA's shared memory outlives the bulk stores (PTX ISA 9.7.9.25.3.2,
    /// `cp.async.bulk.wait_group.read`). Nothing with [`RowStores`].
    pub(super) fn drain(&self, b: &mut Builder) {
        if !self.tma() {
            return;
        }
        let wait = "bulk.wait_group.read";
        b.emit_if(self.leader, false, Op::CpAsync, wait, vec![imm(0)]);
    }
}

/// Staged boxes written to C by the warps themselves, for an f32 C whose row pitch is not a
/// multiple of 16 bytes (TMA takes no other, PTX ISA 5.5.4; `Shape::row_stores`). Warp `w`
/// of the warpgroup reads rows `16w .. 16w + 16` of the box, lane `l` column `l` (one
/// `ld.shared.f32` of the 128B-swizzled row, each lane in its own bank), and stores it with
/// one `st.global.f32`: a warp writes 128 consecutive bytes of a row of C, at most five
/// 32-byte sectors however the row is aligned. The fragment's own stores (the direct path)
/// can only store one element at a time there (no 8-byte pair is aligned for odd `n`), a
/// warp's instruction touching 8 rows at 8-byte strides.
#[derive(Clone, Copy)]
struct RowStores {
    /// `lane / 4`: the lane's 16-byte unit before the swizzle.
    unit: Reg,
    /// Shared address of the warp's first row in the warpgroup's first buffer, plus the
    /// lane's 4 bytes within its unit: `first + 16w * 128 + 4(lane % 4)`.
    base: Reg,
    /// The warp's first row of a box, `16w`.
    w16: Reg,
    /// The lane: the column of the box it stores.
    lane: Reg,
}

impl RowStores {
    fn new(b: &mut Builder, lane: Reg, w: Reg, first: Reg) -> Self {
        let unit = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(unit), r(lane), imm(2)]);
        let w16 = b.reg(RegClass::B32);
        b.emit(Op::Shl, "b32", vec![r(w16), r(w), imm(4)]);
        let base = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(base), r(lane), imm(3)]);
        b.emit(Op::Shl, "b32", vec![r(base), r(base), imm(2)]);
        b.emit(Op::Mad, "lo.u32", vec![r(base), r(w16), imm(SPAN), r(base)]);
        b.emit(Op::Add, "u32", vec![r(base), r(base), r(first)]);
        RowStores {
            unit,
            base,
            w16,
            lane,
        }
    }

    /// Writes the box staged at byte `buf` of the buffers, whose element `(0, 0)` is C's
    /// `(cm, cn)`, row by row (rows below `m`, columns below `n` only; the batch `bz`'s C
    /// `m * n` elements in). With a stream-K `role`, a contributor adds
    /// (`red.global.add.f32`) where the owner stores.
    fn write(&self, b: &mut Builder, f: &Frag, buf: i64, (cm, cn): (Reg, Reg), role: Option<Role>) {
        const ROWS: i64 = 16;
        // Rows loaded before they are stored, this many at a time: the loads overlap.
        const BATCH: i64 = 8;
        let (row, col) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
        b.emit(Op::Add, "u32", vec![r(row), r(cm), r(self.w16)]);
        b.emit(Op::Add, "u32", vec![r(col), r(cn), r(self.lane)]);
        let col_ok = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "lt.u32", vec![r(col_ok), r(col), imm(f.n)]);
        // Per box, not held from the tile's start: the consumers' registers go to the
        // accumulators.
        let c = Frag::c_base(b);
        let ptr = f.element_ptr(b, c, row, col);
        let vals: Vec<Reg> = (0..BATCH).map(|_| b.reg(RegClass::F32)).collect();
        let (at, t) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
        let ok = b.reg(RegClass::Pred);
        let ways = role.map(|role| (role, Role::pair(b)));
        for first in (0..ROWS).step_by(BATCH as usize) {
            for (d, &v) in vals.iter().enumerate() {
                // Row rr's 16-byte unit u sits at unit u ^ (rr % 8) (rows 16w + rr have
                // phase rr % 8 in the swizzle atom).
                let rr = first + d as i64;
                b.emit(Op::Xor, "b32", vec![r(at), r(self.unit), imm(rr % 8)]);
                b.emit(Op::Mad, "lo.u32", vec![r(at), r(at), imm(16), r(self.base)]);
                let ld = vec![r(v), addr(at, buf + rr * SPAN)];
                b.emit(Op::Ld, "shared.f32", ld);
            }
            for (d, &v) in vals.iter().enumerate() {
                let rr = first + d as i64;
                b.emit(Op::Add, "u32", vec![r(t), r(row), imm(rr)]);
                b.emit(Op::Setp, "lt.u32", vec![r(ok), r(t), imm(f.m)]);
                b.emit(Op::And, "pred", vec![r(ok), r(ok), r(col_ok)]);
                let e = addr(ptr, rr * f.n * 4);
                match ways {
                    None => b.emit_if(ok, false, Op::St, "global.f32", vec![e, r(v)]),
                    Some((role, pair)) => {
                        let (st, add) = role.under(b, ok, pair);
                        b.emit_if(st, false, Op::St, "global.f32", vec![e.clone(), r(v)]);
                        b.emit_if(add, false, Op::Red, "global.add.f32", vec![e, r(v)]);
                    }
                }
            }
        }
    }
}

/// Emits the epilogue of one tile at `(m0, n0)` (of batch `bz`, batched kernels) for
/// consumer warpgroup `ci`: the TMA-store
/// path under `beta == 0` when `staging` is given, else (and under `beta != 0`) direct
/// stores. Where the predicate `reduce` is given and true (a stream-K contributor, see
/// `stream_k`), the tile adds `alpha * acc` into C instead, whatever `beta` is: a TMA
/// reduce (`cp.reduce.async.bulk.tensor .add`) where there is staging, else
/// `red.global.add.f32`. With an overlap `next` ([`super::overlap`]), each path also issues
/// the next tile's first k-tiles (the TMA-store path chunk by chunk as it stages the boxes).
/// With `part = Some((S, s))` (split-K, [`super::split_k`]; direct stores only) it stores
/// only the quads `q` of the tile (8-column chunk `q mod (n / 8)` of piece `q / (n / 8)`)
/// with `q mod S == s`.
#[allow(clippy::too_many_arguments)]
pub(super) fn emit(
    b: &mut Builder,
    sh: &Shape,
    p: &tessellate::GemmProblem,
    tid: Reg,
    ci: Reg,
    (m0, n0, bz): (Reg, Reg, Option<Reg>),
    acc: &[Vec<Reg>],
    staging: Option<&Staging>,
    reduce: Option<Reg>,
    next: Option<&Overlap>,
    part: Option<(i64, i64)>,
) {
    b.comment("epilogue");
    assert!(
        part.is_none() || staging.is_none(),
        "a split's part of the tile is stored directly"
    );
    let (alpha, beta) = (b.reg(RegClass::F32), b.reg(RegClass::F32));
    for (x, name) in [(alpha, "alpha"), (beta, "beta")] {
        b.emit(Op::Ld, "param.f32", vec![r(x), Operand::addr(sym(name), 0)]);
    }
    let beta_nz = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "neu.f32", vec![r(beta_nz), r(beta), f32imm(0.0)]);
    let role = reduce.map(|add| Role::new(b, add));
    if let Some(role) = role {
        // A contributor never reads C's old value: the owner applied beta.
        b.emit(Op::And, "pred", vec![r(beta_nz), r(beta_nz), r(role.store)]);
    }
    let with_beta = b.fresh_label("EPI_BETA");
    let end = b.fresh_label("EPI_DONE");
    let frag = Frag {
        m: p.m,
        n: p.n,
        half: sh.c_half,
        transposed: sh.transposed,
        tid,
        ci,
        m0,
        n0,
        bz,
        part,
    };
    // The direct path's addresses serve both branches when there is no TMA store.
    let shared = staging.is_none().then(|| frag.addresses(b, sh, acc.len()));
    b.emit_if(beta_nz, false, Op::Bra, "uni", vec![sym(&with_beta)]);
    match (staging, &shared) {
        (Some(st), _) => tma_store(b, sh, st, &frag, acc, alpha, role, next),
        (None, Some(at)) => {
            direct(b, &frag, at, acc, alpha, None, role);
            if let Some(ov) = next {
                ov.issue_all(b, sh, acc);
            }
        }
        (None, None) => unreachable!("addresses exist without staging"),
    }
    b.emit(Op::Bra, "uni", vec![sym(&end)]);
    b.label(&with_beta);
    let at = shared.unwrap_or_else(|| frag.addresses(b, sh, acc.len()));
    direct(b, &frag, &at, acc, alpha, Some(beta), None);
    if let Some(ov) = next {
        ov.issue_all(b, sh, acc);
    }
    b.label(&end);
}

/// A stream-K piece's way into C: `add` (a contributor adds) and its negation `store`.
#[derive(Clone, Copy)]
struct Role {
    add: Reg,
    store: Reg,
}

impl Role {
    fn new(b: &mut Builder, add: Reg) -> Self {
        let store = b.reg(RegClass::Pred);
        b.emit(Op::Not, "pred", vec![r(store), r(add)]);
        Role { add, store }
    }

    /// Two predicates for [`Role::under`].
    fn pair(b: &mut Builder) -> (Reg, Reg) {
        (b.reg(RegClass::Pred), b.reg(RegClass::Pred))
    }

    /// `(store, add) = (when && self.store, when && self.add)`.
    fn under(&self, b: &mut Builder, when: Reg, (store, add): (Reg, Reg)) -> (Reg, Reg) {
        b.emit(Op::And, "pred", vec![r(store), r(when), r(self.store)]);
        b.emit(Op::And, "pred", vec![r(add), r(when), r(self.add)]);
        (store, add)
    }
}

/// One tile's epilogue coordinates: the kernel's problem `m x n` (with `transposed`, the
/// caller's C is `n x m` and element `(i, j)` lives at `C[j][i]`), the thread, its
/// warpgroup, the tile origin and its batch (whose C starts `bz * m * n` elements in).
struct Frag {
    m: i64,
    n: i64,
    /// C's 16-bit type (`"f16"`, `"bf16"`), or `None` for f32.
    half: Option<&'static str>,
    transposed: bool,
    tid: Reg,
    ci: Reg,
    m0: Reg,
    n0: Reg,
    bz: Option<Reg>,
    /// `(S, s)`: only the quads `q mod S == s` are stored (see [`emit`]).
    part: Option<(i64, i64)>,
}

/// The direct path's per-thread state: the address of the thread's first C element, row
/// predicates per (piece, half) and column predicates per 8-column chunk (and, for odd `n`,
/// its odd column).
struct Direct {
    ptr: Reg,
    rows_ok: Vec<Reg>,
    cols_ok: Vec<Vec<Reg>>,
}

impl Frag {
    /// Whether a thread's two adjacent accumulators are one store (8 bytes, 4 for a 16-bit
    /// C): both in bounds together (even `n`) and adjacent in C (not transposed).
    fn paired(&self) -> bool {
        self.n % 2 == 0 && !self.transposed
    }

    /// Whether this epilogue stores 8-column chunk `j` of piece `i` (of `chunks` a piece).
    fn stores(&self, i: usize, j: usize, chunks: usize) -> bool {
        self.part
            .is_none_or(|(split, s)| (i * chunks + j) as i64 % split == s)
    }

    /// Bytes of one element of C.
    fn cb(&self) -> i64 {
        if self.half.is_some() { 2 } else { 4 }
    }

    /// C's generic address (the `C` parameter).
    fn c_base(b: &mut Builder) -> Reg {
        let c = b.reg(RegClass::B64);
        b.emit(Op::Ld, "param.u64", vec![r(c), Operand::addr(sym("C"), 0)]);
        b.emit(Op::Cvta, "to.global.u64", vec![r(c), r(c)]);
        c
    }

    /// The address of tile element `(row, col)` of this batch's C from C's base `c`: `c +
    /// (row * n + col) * cb`, or transposed `(col * m + row) * cb`, plus `bz * m * n * cb`.
    fn element_ptr(&self, b: &mut Builder, c: Reg, row: Reg, col: Reg) -> Reg {
        let (row_pitch, col_pitch) = if self.transposed {
            (1, self.m)
        } else {
            (self.n, 1)
        };
        let cb = self.cb();
        let ptr = b.reg(RegClass::B64);
        b.emit(
            Op::Mul,
            "wide.u32",
            vec![r(ptr), r(row), imm(row_pitch * cb)],
        );
        let cw = b.reg(RegClass::B64);
        b.emit(
            Op::Mul,
            "wide.u32",
            vec![r(cw), r(col), imm(col_pitch * cb)],
        );
        b.emit(Op::Add, "s64", vec![r(ptr), r(ptr), r(cw)]);
        b.emit(Op::Add, "s64", vec![r(ptr), r(ptr), r(c)]);
        if let Some(bz) = self.bz {
            // In 64 bits: one batch's C may pass 4 GiB, which a `mul.wide.u32` immediate
            // cannot hold.
            b.emit(Op::Cvt, "u64.u32", vec![r(cw), r(bz)]);
            b.emit(
                Op::Mul,
                "lo.u64",
                vec![r(cw), r(cw), imm(self.m * self.n * cb)],
            );
            b.emit(Op::Add, "s64", vec![r(ptr), r(ptr), r(cw)]);
        }
        ptr
    }

    fn addresses(&self, b: &mut Builder, sh: &Shape, pieces: usize) -> Direct {
        let (tid, p_n) = (self.tid, self.n);
        let c = Self::c_base(b);
        // Thread's first row and column.
        let w = b.digit(tid, 32, 4);
        let lane = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(lane), r(tid), imm(31)]);
        let row = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(row), r(lane), imm(2)]);
        b.emit(Op::Mad, "lo.u32", vec![r(row), r(w), imm(16), r(row)]);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(row), r(self.ci), imm(sh.wg_row_step()), r(row)],
        );
        b.emit(Op::Add, "u32", vec![r(row), r(row), r(self.m0)]);
        let col = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(col), r(lane), imm(3)]);
        b.emit(Op::Shl, "b32", vec![r(col), r(col), imm(1)]);
        b.emit(Op::Add, "u32", vec![r(col), r(col), r(self.n0)]);
        let ptr = self.element_ptr(b, c, row, col);
        let t = b.reg(RegClass::B32);
        let mut rows_ok = Vec::new();
        for i in 0..pieces as i64 {
            for h in 0..2 {
                let q = b.reg(RegClass::Pred);
                b.emit(Op::Add, "u32", vec![r(t), r(row), imm(64 * i + 8 * h)]);
                b.emit(Op::Setp, "lt.u32", vec![r(q), r(t), imm(self.m)]);
                rows_ok.push(q);
            }
        }
        let mut cols_ok = Vec::new();
        for j in 0..sh.bn / 8 {
            let mut pair = Vec::new();
            for d in 0..if self.paired() { 1 } else { 2 } {
                let q = b.reg(RegClass::Pred);
                b.emit(Op::Add, "u32", vec![r(t), r(col), imm(8 * j + d)]);
                b.emit(Op::Setp, "lt.u32", vec![r(q), r(t), imm(p_n)]);
                pair.push(q);
            }
            cols_ok.push(pair);
        }
        Direct {
            ptr,
            rows_ok,
            cols_ok,
        }
    }
}

/// Stores `alpha * acc (+ beta * C)` with the wgmma D fragment layout (PTX ISA
/// 9.7.15.5.1.1, "Matrix Fragments for wgmma.m64nNk16", accumulator D): in warp `w` of the
/// warpgroup, lane `l` holds for every 8-column chunk `j` the pairs
/// `(16w + l/4, 8j + 2(l%4) + {0,1})` and the same 8 rows further down, as registers
/// `4j + {0,1}` and `4j + {2,3}`. C is read only with `beta` (it may hold garbage).
///
/// With a stream-K `role`, a contributor's threads add into C (`red.global.add.f32`, one
/// per element) instead of storing.
fn direct(
    b: &mut Builder,
    f: &Frag,
    at: &Direct,
    acc: &[Vec<Reg>],
    alpha: Reg,
    beta: Option<Reg>,
    role: Option<Role>,
) {
    let ok = b.reg(RegClass::Pred);
    let ways = role.map(|role| (role, Role::pair(b)));
    // Stores `vals` at byte `off` from the thread's first element where `ok`; with a
    // contributor's `role`, adds them element by element instead.
    let ptr = at.ptr;
    let put = |b: &mut Builder, off: i64, vals: &[Reg], mods: &str| {
        let src = if let [v] = vals { r(*v) } else { vec(vals) };
        let Some((role, pair)) = ways else {
            return b.emit_if(ok, false, Op::St, mods, vec![addr(ptr, off), src]);
        };
        let (store, add) = role.under(b, ok, pair);
        b.emit_if(store, false, Op::St, mods, vec![addr(ptr, off), src]);
        for (i, &v) in vals.iter().enumerate() {
            let e = addr(ptr, off + 4 * i as i64);
            b.emit_if(add, false, Op::Red, "global.add.f32", vec![e, r(v)]);
        }
    };
    // Byte offsets of element (r, c) from the thread's first: rows and columns apart.
    let (row_step, col_step) = if f.transposed { (1, f.m) } else { (f.n, 1) };
    let cb = f.cb();
    let at_rc = |r: i64, c: i64| (r * row_step + c * col_step) * cb;
    let [o0, o1, x0, x1] = [0; 4].map(|_| b.reg(RegClass::F32));
    if let Some(ty) = f.half {
        assert!(role.is_none(), "stream-K kernels keep an f32 C");
        return direct_half(b, f, at, acc, (alpha, beta), ty, at_rc);
    }
    for (i, piece) in acc.iter().enumerate() {
        for h in 0..2usize {
            let rq = at.rows_ok[2 * i + h];
            for (j, cols) in at.cols_ok.iter().enumerate() {
                if !f.stores(i, j, at.cols_ok.len()) {
                    continue;
                }
                let (r0, c0) = (64 * i as i64 + 8 * h as i64, 8 * j as i64);
                let off = at_rc(r0, c0);
                let (v0, v1) = (piece[4 * j + 2 * h], piece[4 * j + 2 * h + 1]);
                for (o, v) in [(o0, v0), (o1, v1)] {
                    b.emit(Op::Mul, "rn.f32", vec![r(o), r(v), r(alpha)]);
                }
                if f.paired() {
                    b.emit(Op::And, "pred", vec![r(ok), r(rq), r(cols[0])]);
                    if let Some(beta) = beta {
                        let ld = vec![vec(&[x0, x1]), addr(at.ptr, off)];
                        b.emit_if(ok, false, Op::Ld, "global.v2.f32", ld);
                        b.emit(Op::Fma, "rn.f32", vec![r(o0), r(x0), r(beta), r(o0)]);
                        b.emit(Op::Fma, "rn.f32", vec![r(o1), r(x1), r(beta), r(o1)]);
                    }
                    put(b, off, &[o0, o1], "global.v2.f32");
                } else {
                    for (d, (x, o)) in [(x0, o0), (x1, o1)].into_iter().enumerate() {
                        b.emit(Op::And, "pred", vec![r(ok), r(rq), r(cols[d])]);
                        let e = at_rc(r0, c0 + d as i64);
                        if let Some(beta) = beta {
                            let ld = vec![r(x), addr(ptr, e)];
                            b.emit_if(ok, false, Op::Ld, "global.f32", ld);
                            b.emit(Op::Fma, "rn.f32", vec![r(o), r(x), r(beta), r(o)]);
                        }
                        put(b, e, &[o], "global.f32");
                    }
                }
            }
        }
    }
}

/// [`direct`] for a 16-bit C of type `ty`: each pair packed into one f16x2 / bf16x2
/// register (`cvt.rn`, the first element in the low half, which is the lower address) and
/// stored as one `b32`, or, unpaired, each element as one `b16`; `beta` reads C the same
/// way and widens it to f32 (exactly, [`Builder::widen_half`]) before the `fma`.
fn direct_half(
    b: &mut Builder,
    f: &Frag,
    at: &Direct,
    acc: &[Vec<Reg>],
    (alpha, beta): (Reg, Option<Reg>),
    ty: &str,
    at_rc: impl Fn(i64, i64) -> i64,
) {
    let ok = b.reg(RegClass::Pred);
    let ptr = at.ptr;
    let [o0, o1, x0, x1] = [0; 4].map(|_| b.reg(RegClass::F32));
    let (h0, h1) = (b.reg(RegClass::B16), b.reg(RegClass::B16));
    let packed = b.reg(RegClass::B32);
    let narrow = format!("rn.{ty}.f32");
    let pack = format!("rn.{ty}x2.f32");
    for (i, piece) in acc.iter().enumerate() {
        for h in 0..2usize {
            let rq = at.rows_ok[2 * i + h];
            for (j, cols) in at.cols_ok.iter().enumerate() {
                if !f.stores(i, j, at.cols_ok.len()) {
                    continue;
                }
                let (r0, c0) = (64 * i as i64 + 8 * h as i64, 8 * j as i64);
                let (v0, v1) = (piece[4 * j + 2 * h], piece[4 * j + 2 * h + 1]);
                for (o, v) in [(o0, v0), (o1, v1)] {
                    b.emit(Op::Mul, "rn.f32", vec![r(o), r(v), r(alpha)]);
                }
                if f.paired() {
                    let off = at_rc(r0, c0);
                    b.emit(Op::And, "pred", vec![r(ok), r(rq), r(cols[0])]);
                    if let Some(beta) = beta {
                        let ld = vec![r(packed), addr(ptr, off)];
                        b.emit_if(ok, false, Op::Ld, "global.b32", ld);
                        b.emit(Op::Mov, "b32", vec![vec(&[h0, h1]), r(packed)]);
                        for (x, hh, o) in [(x0, h0, o0), (x1, h1, o1)] {
                            b.widen_half(x, hh, ty);
                            b.emit(Op::Fma, "rn.f32", vec![r(o), r(x), r(beta), r(o)]);
                        }
                    }
                    b.emit(Op::Cvt, &pack, vec![r(packed), r(o1), r(o0)]);
                    b.emit_if(
                        ok,
                        false,
                        Op::St,
                        "global.b32",
                        vec![addr(ptr, off), r(packed)],
                    );
                } else {
                    for (d, (x, o)) in [(x0, o0), (x1, o1)].into_iter().enumerate() {
                        b.emit(Op::And, "pred", vec![r(ok), r(rq), r(cols[d])]);
                        let e = at_rc(r0, c0 + d as i64);
                        if let Some(beta) = beta {
                            b.emit_if(ok, false, Op::Ld, "global.b16", vec![r(h0), addr(ptr, e)]);
                            b.widen_half(x, h0, ty);
                            b.emit(Op::Fma, "rn.f32", vec![r(o), r(x), r(beta), r(o)]);
                        }
                        b.emit(Op::Cvt, &narrow, vec![r(h0), r(o)]);
                        b.emit_if(ok, false, Op::St, "global.b16", vec![addr(ptr, e), r(h0)]);
                    }
                }
            }
        }
    }
}

/// The TMA-store path: for each box of 64 rows x [`store_cols`] columns, in turn through
/// the warpgroup's buffers, the leader waits until the engine has read the box that last
/// used the buffer (`cp.async.bulk.wait_group.read bufs-1`), the warpgroup syncs, every
/// thread stages its scaled pairs (see [`staged_offset`]; a 16-bit C packed and staged by
/// `stmatrix`, see [`stmatrix_offset`]) and makes them visible to the
/// async proxy (`fence.proxy.async.shared::cta`, PTX ISA 9.7.13.4.2), the warpgroup syncs
/// again, and the leader issues the bulk store at `(n0 + store_cols * c, m0 + wm * ci + 64i)` and
/// commits it as a bulk group. A transposed plan's stage is [`t_boxes`] boxes of the
/// caller's C at `(m0 + wm * ci + 64i + store_cols * s, n0 + store_cols * c)`, committed as
/// one group.
///
/// With a contributor's stream-K `role`, the leader issues `cp.reduce.async.bulk.tensor`
/// with `.add` (the engine adds the box into C's f32 elements in L2; PTX ISA 9.7.9.25.5.2)
/// instead of the store.
///
/// With `next`, once the boxes of a chunk of the next tile's columns are staged (their
/// registers free), the warpgroup issues the next tile's first k-tiles into them.
#[allow(clippy::too_many_arguments)]
fn tma_store(
    b: &mut Builder,
    sh: &Shape,
    st: &Staging,
    f: &Frag,
    acc: &[Vec<Reg>],
    alpha: Reg,
    role: Option<Role>,
    next: Option<&Overlap>,
) {
    // Which of the leader's two bulk copies runs: `(store, add)` predicates.
    let issue = role.filter(|_| st.tma()).map(|role| {
        let pair = Role::pair(b);
        role.under(b, st.leader, pair)
    });
    let [o0, o1] = [0; 2].map(|_| b.reg(RegClass::F32));
    let (cm, cn, src) = (
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
    );
    let cols = stage_cols(sh);
    let boxes_per_piece = sh.bn / cols;
    let next = next.map(|ov| (ov, ov.chunks(acc)));
    let sync = |b: &mut Builder| b.emit(Op::Bar, "sync", vec![r(st.bar), imm(128)]);
    // A 16-bit C's four packed matrices (allocated only then: f32 kernels keep their PTX).
    let packed = sh
        .c_half
        .map(|ty| (ty, [0; 4].map(|_| b.reg(RegClass::B32))));
    // Every tile starts at buffer 0. With an odd number of boxes per tile and two buffers,
    // the previous tile's last box also went to buffer 0 and is the newest bulk group, which
    // `wait_group.read 1` leaves in flight: the tile's first box waits for all.
    let boxes = acc.len() as i64 * boxes_per_piece;
    for (i, piece) in acc.iter().enumerate() {
        for c in 0..boxes_per_piece {
            let buf = (i as i64 * boxes_per_piece + c) % st.bufs * STORE_BOX_BYTES;
            let wait = "bulk.wait_group.read";
            let first_after_odd = i == 0 && c == 0 && boxes % st.bufs != 0;
            let pending = if first_after_odd { 0 } else { st.bufs - 1 };
            if st.tma() {
                b.emit_if(st.leader, false, Op::CpAsync, wait, vec![imm(pending)]);
            }
            sync(b);
            // The scaled pair of 8-column chunk `j` of the piece, half `h`.
            let scaled = |b: &mut Builder, j: usize, h: usize| {
                let (v0, v1) = (piece[4 * j + 2 * h], piece[4 * j + 2 * h + 1]);
                for (o, v) in [(o0, v0), (o1, v1)] {
                    b.emit(Op::Mul, "rn.f32", vec![r(o), r(v), r(alpha)]);
                }
            };
            // The 16-bit paths pack matrix q of `stmatrix` number p: chunk 2p + q/2 of the
            // stage, half q % 2.
            let pack4 = |b: &mut Builder, p: usize, ty: &str, packed: &[Reg; 4]| {
                for (q, &d) in packed.iter().enumerate() {
                    scaled(b, (cols / 8 * c) as usize + 2 * p + q / 2, q % 2);
                    let pack = format!("rn.{ty}x2.f32");
                    b.emit(Op::Cvt, &pack, vec![r(d), r(o1), r(o0)]);
                }
            };
            match (st.slots, packed) {
                (Slots::Rows(rows), Some((ty, packed))) => {
                    for (p, &row) in rows.iter().enumerate() {
                        pack4(b, p, ty, &packed);
                        b.emit(
                            Op::Stmatrix,
                            "sync.aligned.m8n8.x4.shared.b16",
                            vec![addr(row, buf), vec(&packed)],
                        );
                    }
                }
                (Slots::TRows(row), Some((ty, packed))) => {
                    for p in 0..(cols / 16) as usize {
                        pack4(b, p, ty, &packed);
                        b.emit(
                            Op::Stmatrix,
                            "sync.aligned.m8n8.x4.trans.shared.b16",
                            vec![addr(row, buf + 16 * SPAN * p as i64), vec(&packed)],
                        );
                    }
                }
                (Slots::Pairs(chunks), None) => {
                    for (p, &chunk) in chunks.iter().enumerate() {
                        for h in 0..2usize {
                            scaled(b, (4 * c) as usize + p, h);
                            let off = buf + 8 * SPAN * h as i64;
                            b.emit(
                                Op::St,
                                "shared.v2.f32",
                                vec![addr(chunk, off), vec(&[o0, o1])],
                            );
                        }
                    }
                }
                (Slots::TPairs(el), None) => {
                    for jj in 0..4usize {
                        for h in 0..2usize {
                            scaled(b, (4 * c) as usize + jj, h);
                            let off = buf + 8 * SPAN * jj as i64;
                            for (d, o) in [o0, o1].into_iter().enumerate() {
                                let at = addr(el[2 * h + d], off);
                                b.emit(Op::St, "shared.f32", vec![at, r(o)]);
                            }
                        }
                    }
                }
                _ => unreachable!("staging slots follow C's type"),
            }
            if st.tma() {
                b.emit(Op::Fence, "proxy.async.shared::cta", vec![]);
            }
            sync(b);
            // The boxes of this stage: one, or a transposed plan's [`t_boxes`], and where
            // each starts in C (inner, outer) and in the buffer.
            b.emit(Op::Add, "u32", vec![r(cn), r(f.n0), imm(cols * c)]);
            b.emit(
                Op::Mad,
                "lo.u32",
                vec![r(cm), r(f.ci), imm(sh.wg_row_step()), r(f.m0)],
            );
            b.emit(Op::Add, "u32", vec![r(cm), r(cm), imm(64 * i as i64)]);
            match st.out {
                Out::Rows(rows) => rows.write(b, f, buf, (cm, cn), role),
                Out::Tma(map) => tma_boxes(b, sh, st, f, map, buf, (cm, cn), src, issue),
            }
            // Chunk `g` of this piece is staged with its last box.
            let Some((ov, chunks)) = &next else { continue };
            let per = ov.cols / cols;
            if (c + 1) % per == 0 {
                let g = (c + 1) / per - 1;
                let chunk = chunks[(i as i64 * (boxes_per_piece / per) + g) as usize];
                ov.issue(b, sh, i == 0 && g == 0, &[chunk]);
            }
        }
    }
}

/// The TMA engine's stores of one staged stage at buffer offset `buf`: one box, or a
/// transposed plan's [`t_boxes`], the first at C element `(cm, cn)` (the row advanced per
/// transposed box), through tensor map `map`; `src` is scratch for the shared address. With
/// stream-K's `issue` predicates `(store, add)` a contributor adds its box
/// (PTX ISA, `cp.reduce.async.bulk.tensor` with `.add`) where the owner stores.
/// One bulk group per stage.
#[allow(clippy::too_many_arguments)]
fn tma_boxes(
    b: &mut Builder,
    sh: &Shape,
    st: &Staging,
    f: &Frag,
    map: Reg,
    buf: i64,
    (cm, cn): (Reg, Reg),
    src: Reg,
    issue: Option<(Reg, Reg)>,
) {
    let cols = stage_cols(sh);
    let boxes_here = if f.transposed { t_boxes(sh) } else { 1 };
    for s in 0..boxes_here {
        let (inner, outer) = if f.transposed {
            if s > 0 {
                b.emit(Op::Add, "u32", vec![r(cm), r(cm), imm(cols)]);
            }
            (cm, cn)
        } else {
            (cn, cm)
        };
        let at = buf + s * cols * SPAN;
        b.emit(Op::Add, "u32", vec![r(src), r(st.first), imm(at)]);
        let (tensor, rank) = super::tensor_at(map, inner, outer, f.bz);
        let store = vec![tensor, addr(src, 0)];
        let mods = format!("bulk.tensor.{rank}d.global.shared::cta.bulk_group");
        match issue {
            None => b.emit_if(st.leader, false, Op::CpAsync, &mods, store),
            Some((on_store, on_add)) => {
                b.emit_if(on_store, false, Op::CpAsync, &mods, store.clone());
                let add = format!("bulk.tensor.{rank}d.global.shared::cta.add.tile.bulk_group");
                b.emit_if(on_add, false, Op::CpReduceAsync, &add, store);
            }
        }
    }
    b.emit_if(st.leader, false, Op::CpAsync, "bulk.commit_group", vec![]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The staged layout is exactly the 128B-swizzled box a `SWIZZLE_128B` tensor map of 32
    /// f32 x 64 rows reads: every element of the box is written once, by the thread and
    /// register the wgmma D fragment gives it, at `swizzle(128, row * 128 + col * 4)`.
    #[test]
    fn staged_pairs_cover_the_swizzled_box_once() {
        let mut seen = vec![0u8; (STORE_BOX_BYTES / 4) as usize];
        for w in 0..4 {
            for lane in 0..32 {
                for jj in 0..4 {
                    for h in 0..2 {
                        let off = staged_offset(w, lane, jj, h);
                        // The emitted form: row base, chunk XOR lane/4, pair within chunk.
                        let row = 16 * w + lane / 4 + 8 * h;
                        let chunk = (2 * jj + (lane / 2) % 2) ^ (lane / 4);
                        assert_eq!(off, row * SPAN + chunk * 16 + (lane % 2) * 8);
                        for d in 0..2 {
                            seen[(off / 4 + d) as usize] += 1;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&x| x == 1));
    }

    /// A 16-bit C's box, 64 rows x 64 columns of 2 bytes: the four `stmatrix` of each warp
    /// write every element once, each lane's register `q` landing where the D fragment puts
    /// its pair (row `16w + 8(q%2) + lane/4`, columns `8(2p + q/2) + 2(lane%4)`, `+1`) in the
    /// 128B-swizzled layout; and each 8-row matrix's 16-byte rows fall in distinct bank
    /// groups (one wavefront per matrix, no conflict).
    #[test]
    fn stmatrix_rows_cover_the_swizzled_box_once_without_conflicts() {
        let mut seen = vec![0u8; (STORE_BOX_BYTES / 2) as usize];
        for w in 0..4 {
            for p in 0..4 {
                for q in 0..4 {
                    let mut units = Vec::new();
                    for rr in 0..8 {
                        // The lane giving row rr of matrix q, and its address.
                        let off = stmatrix_offset(w, 8 * q + rr, p);
                        let row = 16 * w + 8 * (q % 2) + rr;
                        let chunk = (2 * p + q / 2) ^ rr;
                        assert_eq!(off, row * SPAN + chunk * 16);
                        units.push((off % SPAN) / 16);
                        // Row rr's 8 elements, held by lanes 4rr..4rr+3, two each.
                        for lane in 4 * rr..4 * rr + 4 {
                            for d in 0..2 {
                                let col = 8 * (2 * p + q / 2) + 2 * (lane % 4) + d;
                                let want = swizzle(SPAN, row * SPAN + col * 2);
                                assert_eq!(want, off + 2 * (2 * (lane % 4) + d));
                                seen[(want / 2) as usize] += 1;
                            }
                        }
                    }
                    units.sort_unstable();
                    units.dedup();
                    assert_eq!(units.len(), 8, "matrix rows share a bank group");
                }
            }
        }
        assert!(seen.iter().all(|&x| x == 1));
    }

    /// A transposed plan's f32 stage, 64 kernel rows x 32 kernel columns, is two 32 x 32 f32
    /// boxes of the caller's C (rows = kernel columns), each 128B-swizzled as a
    /// `SWIZZLE_128B` map reads it: every element is written once, where the emitted address
    /// arithmetic puts it, and each warp's `st.shared.f32` of one (chunk, half, element)
    /// hits 32 distinct banks (one wavefront).
    #[test]
    fn transposed_f32_elements_cover_two_boxes_once_without_conflicts() {
        let mut seen = vec![0u8; (STORE_BOX_BYTES / 4) as usize];
        for w in 0..4 {
            for jj in 0..4 {
                for h in 0..2 {
                    for d in 0..2 {
                        let mut banks = [0u8; 32];
                        for lane in 0..32 {
                            let off = staged_offset_t(w, lane, jj, h, d);
                            let y = 8 * jj + 2 * (lane % 4) + d;
                            let unit = (4 * (w % 2) + 2 * h + lane / 16) ^ (y % 8);
                            let emitted = 4096 * (w / 2) + y * SPAN + unit * 16 + (lane & 12);
                            assert_eq!(off, emitted);
                            // Kernel row R (the caller's column) is column R % 32 of box R / 32.
                            let row = 16 * w + lane / 4 + 8 * h;
                            let want = (row / 32) * 4096 + swizzle(SPAN, y * SPAN + (row % 32) * 4);
                            assert_eq!(off, want);
                            seen[(off / 4) as usize] += 1;
                            banks[((off / 4) % 32) as usize] += 1;
                        }
                        assert!(banks.iter().all(|&x| x == 1), "{banks:?}");
                    }
                }
            }
        }
        assert!(seen.iter().all(|&x| x == 1));
    }

    /// A transposed plan's 16-bit stage, 64 kernel rows x 64 kernel columns, is one 64 x 64
    /// box of the caller's C (rows = kernel columns): the four `stmatrix.trans` of each warp
    /// write every element once, the element lane `l` holds in register `q` (fragment row
    /// `16w + 8(q%2) + l/4`, column `8(2p + q/2) + 2(l%4) + d`) landing at the caller's row
    /// = that column and column = that row; each 8x8 matrix's 16-byte rows fall in distinct
    /// bank groups.
    #[test]
    fn transposed_stmatrix_rows_cover_the_box_once_without_conflicts() {
        let mut seen = vec![0u8; (STORE_BOX_BYTES / 2) as usize];
        for w in 0..4 {
            for p in 0..4 {
                for q in 0..4 {
                    let mut units = Vec::new();
                    for i in 0..8 {
                        let off = stmatrix_offset_t(w, 8 * q + i, p);
                        let y = 8 * (2 * p + q / 2) + i;
                        assert_eq!(off, y * SPAN + ((2 * w + q % 2) ^ i) * 16);
                        units.push((off % SPAN) / 16);
                        // Matrix row i (stored transposed) is fragment column y: its 8
                        // elements are fragment rows 16w + 8(q%2) + 0..8, held by the lanes
                        // 4 * row8 + i/2, element i % 2.
                        for row8 in 0..8 {
                            let row = 16 * w + 8 * (q % 2) + row8;
                            let lane = 4 * row8 + i / 2;
                            assert_eq!(8 * (2 * p + q / 2) + 2 * (lane % 4) + i % 2, y);
                            let want = swizzle(SPAN, y * SPAN + row * 2);
                            assert_eq!(want, off + 2 * row8);
                            seen[(want / 2) as usize] += 1;
                        }
                    }
                    units.sort_unstable();
                    units.dedup();
                    assert_eq!(units.len(), 8, "matrix rows share a bank group");
                }
            }
        }
        assert!(seen.iter().all(|&x| x == 1));
    }

    /// A warp's store of one (chunk, half) touches 8 rows x 32 bytes; the swizzle spreads
    /// them over all 32 banks, each twice (two wavefronts, the least for 256 bytes).
    #[test]
    fn a_warps_staging_store_hits_every_bank_twice() {
        for w in 0..4 {
            for jj in 0..4 {
                for h in 0..2 {
                    let mut banks = [0u8; 32];
                    for lane in 0..32 {
                        let off = staged_offset(w, lane, jj, h);
                        for d in 0..2 {
                            banks[((off / 4 + d) % 32) as usize] += 1;
                        }
                    }
                    assert!(banks.iter().all(|&x| x == 2), "{banks:?}");
                }
            }
        }
    }
}
