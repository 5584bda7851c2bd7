//! Operands whose rows TMA cannot address, copied first into rows of a 16-byte multiple.
//!
//! `cuTensorMapEncodeTiled` takes global strides only in multiples of 16 bytes (CUDA driver
//! API, "Tensor Map Object Management"), so an f16 A of odd K (rows of `2 K` bytes) or a
//! row-major B whose N is not a multiple of 8 has no tensor map. Before run 44 such problems
//! fell back to the mma.sync path, which has no split-K and streams at most half the tensor
//! rate: 313x1647x5525 ran 2.8x and 352x584x6541 4.2x slower than cuBLAS (H100,
//! docs/BENCHMARKS.md run 43-b). Here the kernel's module carries one copy entry per such
//! operand (`mosaic_pad_a`, `mosaic_pad_b`), which the launcher runs before the GEMM: it
//! copies the caller's rows into a buffer whose pitch is the row rounded up to 16 bytes,
//! and the GEMM's tensor maps read that buffer. The pad bytes after each row are never
//! read: a map's extent is the logical row, so TMA fills boxes past it with zeros.
//!
//! The copy is one pass over the operand: each thread moves `W`-byte units, `W` the widest
//! of 8, 4, 2 that divides the source row (so every source row starts `W`-aligned in a
//! 256-byte aligned allocation), `UNROLL` loads in flight before their stores; a warp's
//! units are consecutive, so loads and stores coalesce. A CTA of 256 threads takes one
//! chunk of `UNROLL * 256` units of a row (`ctaid.y` the chunk), or several short rows
//! (`256 / tpr` of them, `tpr` threads each, the fewest that take a row in `UNROLL` units
//! each), so that even an operand of few long rows spreads over many CTAs, and one of many
//! short rows does not launch a CTA per row.

use emit_ptx::ast::{Entry, Op, Param, ParamType, Reg, RegClass, Shared};

use crate::builder::{Builder, addr, imm, r, sym};
use crate::{PaddedCopy, TmaOperand};

/// Threads per CTA of a copy kernel.
const THREADS: i64 = 256;
/// Units each thread loads before storing them: memory-level parallelism for a pass that
/// is bound by DRAM latency otherwise (4 moved 1.2-2.9 TB/s on an H100, run 44-a).
const UNROLL: i64 = 8;

/// The row pitch a tensor map can take for rows of `row_bytes`: the next multiple of 16.
pub fn pitch(row_bytes: i64) -> i64 {
    (row_bytes + 15) / 16 * 16
}

/// DRAM bytes the copy of `rows` rows of `row_bytes` bytes reads and writes: each row read
/// once and written once at its [`pitch`] (as [`super::transpose::bytes`] for the
/// transposing copy).
pub fn bytes(rows: i64, row_bytes: i64) -> i64 {
    rows * (row_bytes + pitch(row_bytes))
}

/// Whether one copy kernel takes `rows` rows of `row_bytes` bytes: row and byte arithmetic
/// in 32 bits, and at most 65535 chunks of a row (the grid's y extent, CUDA's limit).
pub fn fits(rows: i64, row_bytes: i64) -> bool {
    rows > 0 && row_bytes > 0 && rows < 1 << 31 && row_bytes * 8 < 1 << 31 && {
        let units = row_bytes / unit_bytes(row_bytes);
        (units + UNROLL * THREADS - 1) / (UNROLL * THREADS) <= 65535
    }
}

/// The start of an operand copy's body (this module's and [`super::transpose`]'s): where
/// `pdl`, the programmatic prologue; then the `src` and `dst` parameters as global addresses
/// and `%tid.x`, in that order.
pub(super) fn copy_prologue(pdl: bool) -> (Builder, Reg, Reg, Reg) {
    let mut b = Builder::default();
    if pdl {
        // The next kernel (the other copy or the GEMM) may launch now; this one reads the
        // operand and overwrites the buffer the previous GEMM read only once the kernel
        // before it has finished.
        b.programmatic_prologue();
    }
    let (src, dst) = (b.global_ptr_param("src"), b.global_ptr_param("dst"));
    let tid = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(tid), sym("%tid.x")]);
    (b, src, dst, tid)
}

/// An operand copy's entry (this module's and [`super::transpose`]'s): `name(u64 src, u64
/// dst)` with `b`'s body, at most `threads` threads a CTA, and `shared` arrays.
pub(super) fn copy_entry(name: &str, b: Builder, threads: i64, shared: Vec<Shared>) -> Entry {
    Entry {
        name: name.into(),
        params: vec![
            Param::new(ParamType::U64, "src"),
            Param::new(ParamType::U64, "dst"),
        ],
        max_ntid: Some(threads as u32),
        min_ctas_per_sm: None,
        cluster_x: None,
        regs: b.decls(),
        shared,
        body: b.body,
    }
}

/// Bytes each thread moves at once: the widest of 8, 4, 2, 1 that divides a row.
fn unit_bytes(row_bytes: i64) -> i64 {
    [8, 4, 2, 1]
        .into_iter()
        .find(|w| row_bytes % w == 0)
        .expect("1 divides")
}

/// The copy of `rows` rows of `row_bytes` bytes each (every batch's rows, one after
/// another) of the caller's `operand` into rows of [`pitch`] bytes, and its entry, to be
/// launched as a programmatic dependent where `pdl`. `None` where the rows are already a
/// multiple of 16 bytes (no copy needed).
///
/// # Panics
/// If `operand` is C or the copy does not [`fits`] (`hopper::supports` refuses those).
pub(super) fn copy(
    operand: TmaOperand,
    rows: i64,
    row_bytes: i64,
    pdl: bool,
) -> Option<(PaddedCopy, Entry)> {
    assert!(operand != TmaOperand::C, "C is written, not copied");
    if row_bytes % 16 == 0 {
        return None;
    }
    assert!(fits(rows, row_bytes), "{rows} rows of {row_bytes} bytes");
    let pitch_bytes = pitch(row_bytes);
    let w = unit_bytes(row_bytes);
    let units = row_bytes / w;
    // Threads per row: the fewest (a power of two, at most the CTA) that cover the row in
    // `UNROLL` units each. A thread per unit left most of a CTA idle on short rows: rows of
    // 262-486 bytes went one or two to a CTA, 2952-9260 CTAs of 256 threads took 4.5-8.3 us
    // for 1.1-4.5 MB (1.1 TB/s; ncu on an H100, docs/BENCHMARKS.md run 47-a).
    let tpr = ((units + UNROLL - 1) / UNROLL)
        .max(1)
        .cast_unsigned()
        .next_power_of_two()
        .min(THREADS as u64) as i64;
    let rows_per_cta = THREADS / tpr;
    let ctas = (rows + rows_per_cta - 1) / rows_per_cta;
    // A CTA's chunk of a row: `UNROLL` units per thread.
    let chunk = UNROLL * tpr;
    let chunks = (units + chunk - 1) / chunk;
    let entry_name = match operand {
        TmaOperand::A => "mosaic_pad_a",
        _ => "mosaic_pad_b",
    };
    let ty = format!("b{}", 8 * w);
    let class = match w {
        8 => RegClass::B64,
        4 => RegClass::B32,
        _ => RegClass::B16,
    };

    let (mut b, src, dst, tid) = copy_prologue(pdl);
    let row = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(row), sym("%ctaid.x")]);
    // row = ctaid * rows_per_cta + tid / tpr, col = tid % tpr (tpr a power of two).
    let sub = b.reg(RegClass::B32);
    b.emit(
        Op::Shr,
        "u32",
        vec![r(sub), r(tid), imm(tpr.trailing_zeros() as i64)],
    );
    b.emit(
        Op::Mad,
        "lo.u32",
        vec![r(row), r(row), imm(rows_per_cta), r(sub)],
    );
    let col = b.reg(RegClass::B32);
    b.emit(Op::And, "b32", vec![r(col), r(tid), imm(tpr - 1)]);
    if chunks > 1 {
        let cy = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(cy), sym("%ctaid.y")]);
        b.emit(Op::Mad, "lo.u32", vec![r(col), r(cy), imm(chunk), r(col)]);
    }
    if rows % rows_per_cta != 0 {
        // A thread past the last row starts past the row's end: every unit predicated off.
        let past = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "ge.u32", vec![r(past), r(row), imm(rows)]);
        b.emit(Op::Selp, "b32", vec![r(col), imm(units), r(col), r(past)]);
    }
    let at = |b: &mut Builder, base: Reg, stride: i64| {
        let off = b.reg(RegClass::B64);
        b.emit(Op::Mul, "wide.u32", vec![r(off), r(row), imm(stride)]);
        let p = b.reg(RegClass::B64);
        b.emit(Op::Add, "u64", vec![r(p), r(base), r(off)]);
        let c = b.reg(RegClass::B64);
        b.emit(Op::Mul, "wide.u32", vec![r(c), r(col), imm(w)]);
        b.emit(Op::Add, "u64", vec![r(p), r(p), r(c)]);
        p
    };
    let (s, d) = (at(&mut b, src, row_bytes), at(&mut b, dst, pitch_bytes));
    let vals = b.regs(class, UNROLL as usize);
    let mut preds = Vec::new();
    for (u, &v) in vals.iter().enumerate() {
        let left = units - u as i64 * tpr;
        if left <= 0 {
            break;
        }
        let p = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "lt.u32", vec![r(p), r(col), imm(left)]);
        let off = u as i64 * tpr * w;
        b.emit_if(
            p,
            false,
            Op::Ld,
            &format!("global.{ty}"),
            vec![r(v), addr(s, off)],
        );
        preds.push((p, v, off));
    }
    for &(p, v, off) in &preds {
        b.emit_if(
            p,
            false,
            Op::St,
            &format!("global.{ty}"),
            vec![addr(d, off), r(v)],
        );
    }
    b.emit(Op::Ret, "", vec![]);

    let entry = copy_entry(entry_name, b, THREADS, vec![]);
    let copy = PaddedCopy {
        operand,
        entry: entry_name.into(),
        rows: rows as u64,
        row_bytes: row_bytes as u64,
        transposed: false,
        out_rows: rows as u64,
        pitch_bytes: pitch_bytes as u64,
        grid: [ctas as u32, chunks as u32, 1],
        block: [THREADS as u32, 1, 1],
        programmatic_launch: pdl,
    };
    Some((copy, entry))
}
