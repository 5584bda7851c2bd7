//! A kernel's tf32 B stored MN-major, copied transposed into K-major rows ahead of the GEMM.
//!
//! wgmma reads an MN-major operand from shared memory only for 16-bit types (the
//! `imm-trans` bits; PTX ISA 9.7.15.5.1.2, "tf32 ... must be K-major"), so a plain tf32 plan
//! with a row-major B (k rows of n elements, n fastest: the default layout) had no warpgroup
//! kernel: it ran on mma.sync at 0.18-0.89x cuBLAS (H100, docs/BENCHMARKS.md run 47-e). (An
//! A stored MN-major is fed to wgmma from registers instead, [`super::a_regs`]: transposed
//! plans read a row-major B that way, without this copy. Run 48 copied such an A here too.)
//! Here the kernel's module carries a copy entry (`mosaic_transpose_b`, or `mosaic_transpose_a`
//! where a transposed plan reads the caller's column-major A as its B, run 50) that the
//! launcher runs before the GEMM, as it runs `pad`'s: it writes each batch's `R x L` matrix
//! (R rows of L four-byte elements, L fastest) as L rows of R elements at a pitch of `R * 4`
//! rounded up to 16 bytes, which the GEMM's tensor maps then read as a K-major operand. The
//! pad bytes past each row are never written nor read (a map's extent is the logical row).
//!
//! One CTA of 256 threads (8 warps) moves a tile of [`TR`] source rows by [`TL`] columns
//! through shared memory: each warp reads 32 consecutive elements of a source row at once
//! (one 128-byte line), 8 rows per thread in flight, and writes 32 consecutive elements of a
//! destination row (the tile's rows are [`TL`] + 1 words apart, so that both the row-wise
//! writes and the column-wise reads of the tile hit 32 distinct banks). The grid is
//! `ceil(L / TL) x ceil(R / TR) x batches`.

use emit_ptx::ast::{Entry, Op, RegClass, Shared};

use crate::builder::{Builder, addr, imm, r, sym};
use crate::{PaddedCopy, TmaOperand};

/// Threads per CTA: [`TL`] lanes by 8 warps.
const THREADS: i64 = 256;
/// Source columns (destination rows) per CTA tile: one warp's 32 lanes.
const TL: i64 = 32;
/// Source rows (destination columns) per CTA tile: 8 per thread, loaded before any store.
const TR: i64 = 64;
/// Warps per CTA, each taking every eighth row of the tile.
const WARPS: i64 = THREADS / TL;
/// Bytes of an element (tf32 operands are f32 in memory).
const EB: i64 = 4;
/// Words between rows of the shared tile: one past [`TL`], so that a column of the tile
/// spans all 32 banks.
const TILE_PITCH: i64 = TL + 1;

/// Bytes between rows of the transposed copy of a matrix of `rows` rows: `rows * 4` rounded
/// up to 16 bytes.
pub fn pitch(rows: i64) -> i64 {
    super::pad::pitch(rows * EB)
}

/// Whether one transposing copy takes `batch` matrices of `rows` rows of `cols` elements:
/// the grid's y and z extents at most 65535 (CUDA's limit), and every byte offset that the
/// kernel folds into an instruction's immediate within 31 bits.
pub fn fits(batch: i64, rows: i64, cols: i64) -> bool {
    let positive = batch > 0 && rows > 0 && cols > 0;
    positive
        && batch <= 65535
        && (rows + TR - 1) / TR <= 65535
        && cols * EB * TR < 1 << 31
        && pitch(rows) * TL < 1 << 31
        && cols < 1 << 31
}

/// DRAM bytes the copy of `batch` matrices of `rows x cols` elements reads and writes: each
/// element read once, each destination row written once at its [`pitch`].
pub fn bytes(batch: i64, rows: i64, cols: i64) -> i64 {
    batch * (rows * cols * EB + cols * pitch(rows))
}

/// The transposing copy of the caller's `operand` (`batch` matrices of `rows` rows of
/// `cols` four-byte elements, one after another), which the kernel reads as its B, and its
/// entry, to be launched as a programmatic dependent where `pdl`.
///
/// # Panics
/// If `operand` is C or the copy does not [`fits`] (`hopper::supports` refuses those).
pub(super) fn copy(
    operand: TmaOperand,
    batch: i64,
    rows: i64,
    cols: i64,
    pdl: bool,
) -> (PaddedCopy, Entry) {
    assert!(operand != TmaOperand::C, "C is written, not copied");
    assert!(
        fits(batch, rows, cols),
        "{batch} x {rows} rows of {cols} elements"
    );
    let pitch_bytes = pitch(rows);
    let row_bytes = cols * EB;
    let entry_name = match operand {
        TmaOperand::A => "mosaic_transpose_a",
        _ => "mosaic_transpose_b",
    };

    let (mut b, src, dst, tid) = super::pad::copy_prologue(pdl);
    let lane = b.digit(tid, 1, TL);
    let warp = b.digit(tid, TL, WARPS);
    let ctaid = |b: &mut Builder, which: &str, scale: i64| {
        let x = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(x), sym(which)]);
        b.emit(Op::Mul, "lo.u32", vec![r(x), r(x), imm(scale)]);
        x
    };
    // The tile's first source column and row.
    let c0 = ctaid(&mut b, "%ctaid.x", TL);
    let r0 = ctaid(&mut b, "%ctaid.y", TR);
    // The CTA's batch (`%ctaid.z`), widened, where there are several.
    let z = (batch > 1).then(|| {
        let z = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(z), sym("%ctaid.z")]);
        let zw = b.reg(RegClass::B64);
        b.emit(Op::Cvt, "u64.u32", vec![r(zw), r(z)]);
        zw
    });
    // `base + z * batch_bytes + row * pitch + col * 4`.
    let at = |b: &mut Builder, base, batch_bytes: i64, row, pitch: i64, col| {
        let p = b.reg(RegClass::B64);
        b.emit(Op::Mul, "wide.u32", vec![r(p), r(row), imm(pitch)]);
        b.emit(Op::Add, "u64", vec![r(p), r(p), r(base)]);
        let c = b.reg(RegClass::B64);
        b.emit(Op::Mul, "wide.u32", vec![r(c), r(col), imm(EB)]);
        b.emit(Op::Add, "u64", vec![r(p), r(p), r(c)]);
        if let Some(z) = z {
            let off = b.reg(RegClass::B64);
            b.emit(Op::Mul, "lo.u64", vec![r(off), r(z), imm(batch_bytes)]);
            b.emit(Op::Add, "u64", vec![r(p), r(p), r(off)]);
        }
        p
    };
    // `extent - start`: `row < rows` and `col < cols` become `left > offset` tests against
    // the offsets added later.
    let left = |b: &mut Builder, extent: i64, start| {
        let d = b.reg(RegClass::B32);
        b.emit(Op::Sub, "s32", vec![r(d), imm(extent), r(start)]);
        d
    };
    let smem = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(smem), sym("tile")]);

    // Load: thread (lane, warp) reads source rows r0 + warp + 8 i at column c0 + lane into
    // tile[warp + 8 i][lane].
    let (row, col) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
    b.emit(Op::Add, "u32", vec![r(row), r(r0), r(warp)]);
    b.emit(Op::Add, "u32", vec![r(col), r(c0), r(lane)]);
    let s = at(&mut b, src, rows * row_bytes, row, row_bytes, col);
    let (rows_left, cols_left) = (left(&mut b, rows, row), left(&mut b, cols, col));
    let in_col = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "gt.s32", vec![r(in_col), r(cols_left), imm(0)]);
    let vals = b.regs(RegClass::B32, (TR / WARPS) as usize);
    for (i, &v) in vals.iter().enumerate() {
        let i = i as i64;
        // A value past the matrix is never stored, but the tile holds it: defined, not
        // whatever the register held.
        b.emit(Op::Mov, "b32", vec![r(v), imm(0)]);
        let p = b.reg(RegClass::Pred);
        b.emit(
            Op::Setp,
            "gt.and.s32",
            vec![r(p), r(rows_left), imm(i * WARPS), r(in_col)],
        );
        b.emit_if(
            p,
            false,
            Op::Ld,
            "global.b32",
            vec![r(v), addr(s, i * WARPS * row_bytes)],
        );
    }
    // The shared address of tile[row][col].
    let tile_at = |b: &mut Builder, row, col| {
        let at = b.reg(RegClass::B32);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(at), r(row), imm(TILE_PITCH * EB), r(smem)],
        );
        b.emit(Op::Mad, "lo.u32", vec![r(at), r(col), imm(EB), r(at)]);
        at
    };
    let ld_at = tile_at(&mut b, warp, lane);
    for (i, &v) in vals.iter().enumerate() {
        let off = i as i64 * WARPS * TILE_PITCH * EB;
        b.emit(Op::St, "shared.b32", vec![addr(ld_at, off), r(v)]);
    }
    b.emit(Op::Bar, "sync", vec![imm(0)]);

    // Store: thread (lane, warp) writes destination rows c0 + warp + 8 j (source columns) at
    // columns r0 + lane + 32 h (source rows), from tile[lane + 32 h][warp + 8 j].
    let (drow, dcol) = (b.reg(RegClass::B32), b.reg(RegClass::B32));
    b.emit(Op::Add, "u32", vec![r(drow), r(c0), r(warp)]);
    b.emit(Op::Add, "u32", vec![r(dcol), r(r0), r(lane)]);
    let d = at(&mut b, dst, cols * pitch_bytes, drow, pitch_bytes, dcol);
    let (drows_left, dcols_left) = (left(&mut b, cols, drow), left(&mut b, rows, dcol));
    let st_at = tile_at(&mut b, lane, warp);
    let mut stores = Vec::new();
    for j in 0..TL / WARPS {
        for h in 0..TR / TL {
            let v = b.reg(RegClass::B32);
            let off = (h * TL * TILE_PITCH + j * WARPS) * EB;
            b.emit(Op::Ld, "shared.b32", vec![r(v), addr(st_at, off)]);
            stores.push((j, h, v));
        }
    }
    let in_row: Vec<_> = (0..TL / WARPS)
        .map(|j| {
            let p = b.reg(RegClass::Pred);
            b.emit(
                Op::Setp,
                "gt.s32",
                vec![r(p), r(drows_left), imm(j * WARPS)],
            );
            p
        })
        .collect();
    for (j, h, v) in stores {
        let p = b.reg(RegClass::Pred);
        b.emit(
            Op::Setp,
            "gt.and.s32",
            vec![r(p), r(dcols_left), imm(h * TL), r(in_row[j as usize])],
        );
        let off = j * WARPS * pitch_bytes + h * TL * EB;
        b.emit_if(p, false, Op::St, "global.b32", vec![addr(d, off), r(v)]);
    }
    b.emit(Op::Ret, "", vec![]);

    let tile = Shared {
        name: "tile".into(),
        align: 16,
        bytes: (TR * TILE_PITCH * EB) as u32,
    };
    let entry = super::pad::copy_entry(entry_name, b, THREADS, vec![tile]);
    let copy = PaddedCopy {
        operand,
        entry: entry_name.into(),
        rows: (batch * rows) as u64,
        row_bytes: row_bytes as u64,
        transposed: true,
        out_rows: (batch * cols) as u64,
        pitch_bytes: pitch_bytes as u64,
        grid: [
            ((cols + TL - 1) / TL) as u32,
            ((rows + TR - 1) / TR) as u32,
            batch as u32,
        ],
        block: [THREADS as u32, 1, 1],
        programmatic_launch: pdl,
    };
    (copy, entry)
}
