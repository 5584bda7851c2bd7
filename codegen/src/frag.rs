//! Operand tiles in shared memory and register fragments loaded through iTex maps.
//!
//! A fragment map is a layout over `(thread, value)`, thread mode first. Its thread mode is
//! lowered to PTX once per kernel (shifts and masks of the lane id: a byte offset per lane),
//! its value mode is folded into immediate offsets, so every fragment load is
//! `ld.shared [lane_base + imm]` — the memory access is derived from the iTex's operand map,
//! as the Mosaic paper's code generator does.

use emit_ptx::ast::{Op, Reg, RegClass};
use itex::Layout;

use crate::CodegenError;
use crate::builder::{Builder, imm, r};

/// Where an operand's CTA tile lives in one pipeline stage of shared memory.
///
/// Operand coordinates are `(m, k)` for A and `(k, n)` for B. The coordinate that is
/// contiguous in global memory is contiguous in shared memory too (`contig`), so cp.async
/// copies rows unchanged. Two layouts keep the 8 rows of an `ldmatrix` on distinct banks:
///
/// - padded: rows `cols * eb + 16` bytes apart;
/// - swizzled (`swizzle`): the row is cut into 128-byte column blocks stored one after
///   another (`rows * 128` bytes each), rows 128 bytes apart inside a block, and the 16-byte
///   chunk index inside a block XORed with `row % 8` — CUTLASS's `Swizzle<3,4,3>`, the
///   layout the PTX ISA calls the 128-byte swizzle mode (§9.7.15.5.1, "Shared memory matrix
///   layout", for wgmma; TMA writes the same pattern). Every 16-byte chunk stays aligned, so
///   a quarter-warp's 128-byte cp.async store covers each bank once, which padding does not
///   (Nsight Compute measured 2.6x the ideal shared wavefronts on padded `LDGSTS`,
///   BENCHMARKS run 4).
///
/// [`SmemTile::offset`] and [`SmemTile::coef`] give the *logical* dense byte offset
/// (`row * cols * eb + col * eb` when swizzled); [`SmemTile::physical`] maps it to the
/// address.
#[derive(Clone, Copy, Debug)]
pub struct SmemTile {
    /// Which operand coordinate (0 or 1) is contiguous.
    pub contig: usize,
    /// Rows (extent of the other coordinate).
    pub rows: i64,
    /// Elements per row (extent of the contiguous coordinate).
    pub cols: i64,
    /// Bytes per element.
    pub eb: i64,
    /// Bytes per row (`cols * eb + 16` padded, `cols * eb` logical when swizzled).
    pub pitch: i64,
    /// The 128-byte XOR swizzle instead of padding.
    pub swizzle: bool,
}

impl SmemTile {
    /// A tile with `extents` (operand coordinate order) and `contig` as the contiguous one.
    pub fn new(extents: [i64; 2], contig: usize, eb: i64) -> Self {
        let cols = extents[contig];
        let rows = extents[1 - contig];
        SmemTile {
            contig,
            rows,
            cols,
            eb,
            pitch: cols * eb + 16,
            swizzle: false,
        }
    }

    /// The swizzled tile, when rows are a power-of-two multiple of 128 bytes.
    pub fn swizzled(extents: [i64; 2], contig: usize, eb: i64) -> Option<Self> {
        let t = SmemTile::new(extents, contig, eb);
        let rb = t.cols * eb;
        (rb >= 128 && (rb as u64).is_power_of_two()).then_some(SmemTile {
            pitch: rb,
            swizzle: true,
            ..t
        })
    }

    /// Physical byte offset of the logical dense offset `l` (identity when padded).
    pub fn physical(&self, l: i64) -> i64 {
        if !self.swizzle {
            return l;
        }
        let (row, cb) = (l / self.pitch, l % self.pitch);
        (cb / 128) * self.rows * 128 + row * 128 + ((cb % 128) ^ ((row % 8) * 16))
    }

    /// Emits [`Self::physical`] of a runtime logical offset (`pitch` is a power of two).
    pub fn emit_physical(&self, b: &mut Builder, l: Reg) -> Reg {
        let out = b.reg(RegClass::B32);
        if !self.swizzle {
            b.emit(Op::Mov, "u32", vec![r(out), r(l)]);
            return out;
        }
        let sh = i64::from(self.pitch.trailing_zeros());
        let row = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(row), r(l), imm(sh)]);
        let cb = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(cb), r(l), imm(self.pitch - 1)]);
        let blk = b.reg(RegClass::B32);
        b.emit(Op::Shr, "u32", vec![r(blk), r(cb), imm(7)]);
        let x = b.reg(RegClass::B32);
        b.emit(Op::And, "b32", vec![r(x), r(row), imm(7)]);
        b.emit(Op::Shl, "b32", vec![r(x), r(x), imm(4)]);
        b.emit(Op::And, "b32", vec![r(cb), r(cb), imm(127)]);
        b.emit(Op::Xor, "b32", vec![r(cb), r(cb), r(x)]);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(out), r(blk), imm(self.rows * 128), r(cb)],
        );
        b.emit(Op::Mad, "lo.u32", vec![r(out), r(row), imm(128), r(out)]);
        out
    }

    /// Splits a logical offset `l` into `(key, shift)`: `key` keeps the row modulo 8 and the
    /// byte within the 128-byte block, `shift` the whole 8-row groups and blocks, so that
    /// `physical(x + l) == physical(x + key) + shift` for any lane offset `x` whose element
    /// lies inside the tile. Padded tiles give `(0, l)`.
    pub fn split_offset(&self, l: i64) -> (i64, i64) {
        if !self.swizzle {
            return (0, l);
        }
        let (row, cb) = (l / self.pitch, l % self.pitch);
        let key = (row % 8) * self.pitch + cb % 128;
        let shift = (row / 8) * 8 * 128 + (cb / 128) * self.rows * 128;
        (key, shift)
    }

    /// Bytes per unit of each operand coordinate.
    pub fn coef(&self) -> [i64; 2] {
        let mut c = [0; 2];
        c[self.contig] = self.eb;
        c[1 - self.contig] = self.pitch;
        c
    }

    /// Byte offset of an operand coordinate.
    pub fn offset(&self, crd: [i64; 2]) -> i64 {
        let c = self.coef();
        crd[0] * c[0] + crd[1] * c[1]
    }

    /// Bytes of one stage, rounded up to 128 (a multiple of 1024 when swizzled, so every
    /// stage starts on a swizzle-pattern boundary).
    pub fn bytes(&self) -> i64 {
        let align = if self.swizzle { 1024 } else { 128 };
        (self.rows * self.pitch + align - 1) / align * align
    }
}

/// The two halves of a fragment map.
pub struct SplitMap {
    /// Thread-mode leaves: `(colex divisor, extent, coordinate contribution per unit)`.
    pub lane: Vec<(i64, i64, [i64; 2])>,
    /// Coordinate of each value index.
    pub values: Vec<[i64; 2]>,
}

fn pad2(v: Vec<i64>) -> [i64; 2] {
    [
        v.first().copied().unwrap_or(0),
        v.get(1).copied().unwrap_or(0),
    ]
}

/// Splits a `(thread, value)` map whose thread mode has `threads` points.
///
/// # Errors
/// [`CodegenError::Map`] when the map is not of that form.
pub fn split(map: &Layout, threads: i64) -> Result<SplitMap, CodegenError> {
    let (Some(t), Some(v)) = (map.mode(0), map.mode(1)) else {
        return Err(CodegenError::Map(format!(
            "{map} is not a (thread, value) layout"
        )));
    };
    if map.rank() != 2 || t.size() != threads {
        return Err(CodegenError::Map(format!(
            "{map}: thread mode does not have {threads} points"
        )));
    }
    let mut lane = Vec::new();
    let mut div = 1;
    for (e, s) in t.flat_modes() {
        lane.push((div, e, [s.coef(0), s.coef(1)]));
        div *= e;
    }
    let values = (0..v.size()).map(|i| pad2(v.eval(i))).collect();
    Ok(SplitMap { lane, values })
}

/// Emits `sum_j digit_j(lane) * byte_coef_j` and returns the register and the largest power
/// of two (at most 16) dividing every per-lane offset.
pub fn lane_offset(b: &mut Builder, lane: Reg, s: &SplitMap, coef: [i64; 2]) -> (Reg, i64) {
    let acc = b.const_u32(0);
    let mut align = 16i64;
    for &(div, ext, c) in &s.lane {
        let bytes = c[0] * coef[0] + c[1] * coef[1];
        if bytes == 0 || ext == 1 {
            continue;
        }
        align = align.min(1 << bytes.trailing_zeros().min(4));
        let d = b.digit(lane, div, ext);
        b.emit(Op::Mad, "lo.u32", vec![r(acc), r(d), imm(bytes), r(acc)]);
    }
    (acc, align)
}

/// Emits `sum_j digit_j(lane) * c_j[dim]`: the lane's coordinate along operand dimension `dim`.
pub fn lane_coord(b: &mut Builder, lane: Reg, s: &SplitMap, dim: usize) -> Reg {
    let acc = b.const_u32(0);
    for &(div, ext, c) in &s.lane {
        if c[dim] == 0 || ext == 1 {
            continue;
        }
        let d = b.digit(lane, div, ext);
        b.emit(Op::Mad, "lo.u32", vec![r(acc), r(d), imm(c[dim]), r(acc)]);
    }
    acc
}

/// One register of a fragment: the byte offsets (relative to the lane base) of its
/// sub-elements, low first.
pub fn register_offsets(
    s: &SplitMap,
    tile: &SmemTile,
    origin: [i64; 2],
    per_reg: usize,
) -> Vec<Vec<i64>> {
    s.values
        .chunks(per_reg)
        .map(|els| {
            els.iter()
                .map(|c| tile.offset([origin[0] + c[0], origin[1] + c[1]]))
                .collect()
        })
        .collect()
}

/// Element kinds a fragment register is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// 32-bit element (f32, tf32): one per register.
    B32,
    /// 16-bit element (f16, bf16): two per register, low half first.
    B16,
    /// 8-bit element (s8): four per register.
    B8,
}

impl Elem {
    /// Elements per 32-bit register.
    pub fn per_reg(self) -> usize {
        match self {
            Elem::B32 => 1,
            Elem::B16 => 2,
            Elem::B8 => 4,
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> i64 {
        match self {
            Elem::B32 => 4,
            Elem::B16 => 2,
            Elem::B8 => 1,
        }
    }
}

/// Loads one 32-bit fragment register whose sub-elements sit at `base + offs[i]`: a single
/// `ld.shared.b32` when they are contiguous and 4-byte aligned, otherwise one load per element
/// packed into the register. `class` is the register class to load into (B32 or F32).
pub fn load_register(
    b: &mut Builder,
    base: Reg,
    base_align: i64,
    offs: &[i64],
    elem: Elem,
    class: RegClass,
) -> Reg {
    let eb = elem.bytes();
    let contiguous = offs.windows(2).all(|w| w[1] == w[0] + eb);
    let d = b.reg(class);
    if offs.len() == 1 && elem == Elem::B32
        || contiguous && base_align >= 4 && offs[0] % 4 == 0 && offs.len() as i64 * eb == 4
    {
        let ty = if class == RegClass::F32 {
            "shared.f32"
        } else {
            "shared.b32"
        };
        b.emit(Op::Ld, ty, vec![r(d), crate::builder::addr(base, offs[0])]);
        return d;
    }
    match elem {
        Elem::B16 => {
            let hs: Vec<Reg> = offs
                .iter()
                .map(|&o| {
                    let h = b.reg(RegClass::B16);
                    b.emit(
                        Op::Ld,
                        "shared.b16",
                        vec![r(h), crate::builder::addr(base, o)],
                    );
                    h
                })
                .collect();
            b.emit(Op::Mov, "b32", vec![r(d), crate::builder::vec(&hs)]);
        }
        _ => {
            // Bytes: zero-extended loads, shifted into place.
            b.emit(Op::Mov, "b32", vec![r(d), imm(0)]);
            for (i, &o) in offs.iter().enumerate() {
                let t = b.reg(RegClass::B32);
                b.emit(
                    Op::Ld,
                    "shared.u8",
                    vec![r(t), crate::builder::addr(base, o)],
                );
                if i > 0 {
                    b.emit(Op::Shl, "b32", vec![r(t), r(t), imm(8 * i as i64)]);
                }
                b.emit(Op::Or, "b32", vec![r(d), r(d), r(t)]);
            }
        }
    }
    d
}

/// How one fragment is loaded with `ldmatrix` (PTX ISA 9.7.14.5.15): `regs` 8x8 b16 matrices,
/// lane `i` supplying the address of row `i % 8` of matrix `i / 8`, which is
/// `base + sum_b coef[b] * bit_b(i)` bytes from the operand tile origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdmPlan {
    /// `.trans`: each register holds two 16-bit elements from consecutive rows.
    pub trans: bool,
    /// Matrices (= 32-bit registers) per lane: 1, 2 or 4.
    pub regs: usize,
    /// Byte coefficient of each lane-id bit.
    pub coef: [i64; 5],
    /// Byte offset of lane 0's row.
    pub base: i64,
}

fn lane_bytes(s: &SplitMap, lane: i64, coef: [i64; 2]) -> i64 {
    s.lane
        .iter()
        .map(|&(div, ext, c)| ((lane / div) % ext) * (c[0] * coef[0] + c[1] * coef[1]))
        .sum()
}

/// Whether a fragment can be loaded with one `ldmatrix`, derived from its map: every register
/// must be 4 contiguous bytes whose lanes tile 8 rows of 16 bytes (`ldmatrix`), or two 16-bit
/// elements one row apart whose lanes tile 8 rows column-wise (`ldmatrix.trans`); rows 16-byte
/// aligned; and the per-lane row address affine in the lane-id bits. Returns `None` otherwise
/// (the caller falls back to `ld.shared`).
pub fn ldmatrix_plan(s: &SplitMap, tile: &SmemTile, elem: Elem) -> Option<LdmPlan> {
    let per = elem.per_reg();
    let eb = elem.bytes();
    let nregs = s.values.len() / per;
    if s.lane.iter().map(|l| l.1).product::<i64>() != 32 || ![1, 2, 4].contains(&nregs) {
        return None;
    }
    let coef = tile.coef();
    let off = |lane: i64, v: usize| lane_bytes(s, lane, coef) + tile.offset(s.values[v]);
    let mut rows: Vec<[i64; 8]> = Vec::new();
    let mut trans = None;
    for r in 0..nregs {
        let sub = |lane: i64, k: usize| off(lane, r * per + k);
        let contiguous = (0..32).all(|l| {
            (0..per).all(|k| sub(l, k) == sub(l, 0) + k as i64 * eb) && sub(l, 0) % 4 == 0
        });
        let non_trans = contiguous && (0..32).all(|l| sub(l, 0) == sub(l - l % 4, 0) + 4 * (l % 4));
        let mut row = [0i64; 8];
        let this = if non_trans {
            for (rho, x) in row.iter_mut().enumerate() {
                *x = sub(4 * rho as i64, 0);
            }
            false
        } else if per == 2 {
            // Row 2t + k of the stored matrix is element k of lane t; lane 4g + t is 2g bytes on.
            for (rho, x) in row.iter_mut().enumerate() {
                *x = sub((rho / 2) as i64, rho % 2);
            }
            let ok = (0..32).all(|l| {
                (0..2).all(|k| sub(l, k) == row[(2 * (l % 4) + k as i64) as usize] + 2 * (l / 4))
            });
            if !ok {
                return None;
            }
            true
        } else {
            return None;
        };
        if *trans.get_or_insert(this) != this || row.iter().any(|x| x % 16 != 0) {
            return None;
        }
        rows.push(row);
    }
    let addr = |i: i64| -> i64 {
        let i = i % (8 * nregs as i64);
        rows[(i / 8) as usize][(i % 8) as usize]
    };
    let base = addr(0);
    let mut c = [0i64; 5];
    for (b, x) in c.iter_mut().enumerate() {
        *x = addr(1 << b) - base;
    }
    let fits =
        (0..32).all(|i| addr(i) == base + (0..5).map(|b| ((i >> b) & 1) * c[b]).sum::<i64>());
    fits.then_some(LdmPlan {
        trans: trans.unwrap_or(false),
        regs: nregs,
        coef: c,
        base,
    })
}

/// Emits the lane's `ldmatrix` row offset `sum_b coef[b] * bit_b(lane)` (without `base`).
pub fn ldmatrix_lane(b: &mut Builder, lane: Reg, p: &LdmPlan) -> Reg {
    let acc = b.const_u32(0);
    for (bit, &c) in p.coef.iter().enumerate() {
        if c != 0 {
            let d = b.digit(lane, 1 << bit, 2);
            b.emit(Op::Mad, "lo.u32", vec![r(acc), r(d), imm(c), r(acc)]);
        }
    }
    acc
}
