//! `wgmma.mma_async` with B in shared memory and A in shared memory or, tf32 only, in
//! registers (PTX ISA 9.7.15.5): the matrix descriptor, the canonical layouts it reads, the A
//! and accumulator fragments, and the asynchronous groups (`commit_group`, `wait_group`).
//!
//! A warpgroup's `wgmma.mma_async` is recorded at issue (its descriptors and `scale-d`
//! snapshotted) and *executed when a `wgmma.wait_group` retires its group*, the latest
//! moment the ISA allows: shared memory and A's registers are read and the accumulators read
//! and written then. A kernel that frees a stage, overwrites A's registers or reads its
//! accumulators before waiting on the wgmma that reads (writes) them therefore computes a
//! wrong result here, as it may on the GPU.
//!
//! Layouts (PTX ISA 9.7.15.5.1.2.1, "Shared Memory Matrix Layout"; T = 16 bytes of elements,
//! only the swizzled forms, the ones mosaic emits):
//! - K-major, swizzle span S: `Swizzle o ((8, m), (T, 2k)) : ((S/eb, SBO), (1, T))`: row `r`
//!   of the 64- or N-row operand at `(r % 8) S + (r / 8) SBO` bytes, element `k` at `k eb`.
//! - MN-major, span S: `Swizzle o ((S/eb, m), (8, k)) : ((1, LBO), (S/eb, SBO))`: element
//!   `i` of m or n at `(i % (S/eb)) eb + (i / (S/eb)) LBO`, k-row `j` at `(j % 8) S + (j / 8) SBO`.
//!
//! The descriptor (PTX ISA 9.7.15.5.1.2.2): bits 0-13 start address >> 4, 16-29 LBO >> 4,
//! 32-45 SBO >> 4, 49-51 base offset (must be 0 here), 62-63 swizzle mode (1: 128B, 2: 64B,
//! 3: 32B). The swizzle applies to the address computed from the layout ([`crate::tma::swizzle`]).
//!
//! Accumulator fragment of `m64nNk*` with f32 D (PTX ISA 9.7.15.5.1.1.1): thread `t` of the
//! warpgroup (warp `w = t / 32`, lane `l`) holds in register `4 j + q` the element of row
//! `16 w + l / 4 + 8 (q / 2)`, column `8 j + 2 (l % 4) + q % 2`.
//!
//! A fragment of `m64nNk8` tf32 in registers (PTX ISA 9.7.15.5.1.1.2, Figure 150; CUTLASS's
//! `ALayout_64x8`): thread `t` holds in register `q` (0-3) the element of row
//! `16 w + l / 4 + 8 (q % 2)`, column `l % 4 + 4 (q / 2)`.

use half::{bf16, f16};

use crate::tma::swizzle;

/// A decoded shared-memory matrix descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Desc {
    /// Start address, bytes.
    pub start: u64,
    /// Leading dimension byte offset.
    pub lbo: u64,
    /// Stride dimension byte offset.
    pub sbo: u64,
    /// Swizzle span, bytes (128, 64, 32).
    pub span: u32,
}

impl Desc {
    /// Decodes a 64-bit descriptor; `Err` names what the simulator does not model.
    pub fn decode(d: u64) -> Result<Desc, String> {
        let field = |lo: u32| ((d >> lo) & 0x3fff) << 4;
        if (d >> 49) & 7 != 0 {
            return Err(format!("descriptor {d:#x}: base offset"));
        }
        let span = match d >> 62 {
            1 => 128,
            2 => 64,
            3 => 32,
            _ => return Err(format!("descriptor {d:#x}: no swizzle")),
        };
        Ok(Desc {
            start: field(0),
            lbo: field(16),
            sbo: field(32),
            span,
        })
    }

    /// Shared-memory byte address of element `(mn, k)` of an operand of `eb`-byte elements,
    /// MN-major (`imm-trans` 1) or K-major.
    pub fn addr(&self, mn_major: bool, eb: u64, mn: u64, k: u64) -> u64 {
        let s = u64::from(self.span);
        let off = if mn_major {
            let per = s / eb;
            (mn % per) * eb + (mn / per) * self.lbo + (k % 8) * s + (k / 8) * self.sbo
        } else {
            (mn % 8) * s + (mn / 8) * self.sbo + k * eb
        };
        swizzle(self.span, self.start + off)
    }
}

/// Element types of a wgmma operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// IEEE binary16.
    F16,
    /// bfloat16.
    Bf16,
    /// tf32, stored as f32 (the low 13 mantissa bits ignored).
    Tf32,
}

impl Elem {
    /// From a type modifier.
    pub fn parse(s: &str) -> Option<Elem> {
        Some(match s {
            "f16" => Elem::F16,
            "bf16" => Elem::Bf16,
            "tf32" => Elem::Tf32,
            _ => return None,
        })
    }

    /// Bytes per element.
    pub fn bytes(self) -> u64 {
        if self == Elem::Tf32 { 4 } else { 2 }
    }

    /// The value of the element whose little-endian bytes are `b`.
    pub fn value(self, b: &[u8]) -> f64 {
        match self {
            Elem::F16 => f16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f64(),
            Elem::Bf16 => bf16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f64(),
            Elem::Tf32 => {
                let w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                f64::from(f32::from_bits(w & 0xFFFF_E000))
            }
        }
    }
}

/// A wgmma's operands as read from shared memory.
pub struct Operands {
    /// A, 64 x k, row-major.
    pub a: Vec<f64>,
    /// B, n x k, row-major.
    pub b: Vec<f64>,
    /// Every byte address read.
    pub read: Vec<u64>,
}

/// Where a wgmma reads A.
#[derive(Clone, Debug)]
pub enum ASource {
    /// A shared-memory tile, through its matrix descriptor.
    Smem(Desc),
    /// Four registers per warpgroup thread (tf32 m64nNk8 only), in fragment order
    /// ([`Op::a_fragment`]), read when the wgmma retires.
    Regs(Vec<emit_ptx::ast::Reg>),
}

/// One issued `wgmma.mma_async`, as recorded at issue.
#[derive(Clone, Debug)]
pub struct Op {
    /// Statement index (for errors).
    pub at: usize,
    /// n of `m64nNkK`.
    pub n: u64,
    /// k of `m64nNkK`.
    pub k: u64,
    /// Operand element type.
    pub elem: Elem,
    /// Where A is read.
    pub a: ASource,
    /// B's descriptor.
    pub b: Desc,
    /// `imm-trans-a`, `imm-trans-b` (MN-major).
    pub trans: [bool; 2],
    /// `imm-scale-a * imm-scale-b` (1 or -1).
    pub sign: f64,
    /// `scale-d`: accumulate into D (else D = A B).
    pub accumulate: bool,
    /// The accumulator registers, in fragment order.
    pub d: Vec<emit_ptx::ast::Reg>,
}

impl Op {
    /// A (unless in registers: empty) and B read from `smem`; `Err` carries the first
    /// address outside it.
    pub fn operands(&self, smem: &[u8]) -> Result<Operands, u64> {
        let eb = self.elem.bytes();
        let mut addrs = Vec::new();
        let mut read = |desc: &Desc, which: usize, rows: u64| -> Result<Vec<f64>, u64> {
            let mut v = Vec::with_capacity((rows * self.k) as usize);
            for r in 0..rows {
                for kk in 0..self.k {
                    let a = desc.addr(self.trans[which], eb, r, kk);
                    let bytes = smem.get(a as usize..(a + eb) as usize).ok_or(a)?;
                    v.push(self.elem.value(bytes));
                    addrs.extend(a..a + eb);
                }
            }
            Ok(v)
        };
        let a = match &self.a {
            ASource::Smem(desc) => read(desc, 0, 64)?,
            ASource::Regs(_) => Vec::new(),
        };
        let b = read(&self.b, 1, self.n)?;
        Ok(Operands { a, b, read: addrs })
    }

    /// Row and column of A (64 x 8, tf32) that A register `q` of warpgroup thread `t` holds.
    pub fn a_fragment(t: u64, q: u64) -> (u64, u64) {
        let (w, l) = (t / 32, t % 32);
        (16 * w + l / 4 + 8 * (q % 2), l % 4 + 4 * (q / 2))
    }

    /// Row and column of D that register `v` of warpgroup thread `t` holds.
    pub fn fragment(t: u64, v: u64) -> (u64, u64) {
        let (w, l) = (t / 32, t % 32);
        let (j, q) = (v / 4, v % 4);
        (16 * w + l / 4 + 8 * (q / 2), 8 * j + 2 * (l % 4) + q % 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_fields() {
        // mosaic's K-major A: LBO 1 (16 bytes), SBO 64 (1024 bytes), 128B swizzle.
        let d = Desc::decode(0x4000_0040_0001_0000 | (0x2400 >> 4)).unwrap();
        assert_eq!((d.start, d.lbo, d.sbo, d.span), (0x2400, 16, 1024, 128));
        assert!(Desc::decode(0).is_err());
        assert!(Desc::decode(0x4002_0000_0000_0000).is_err());
    }

    #[test]
    // The expected offsets spell out the swizzle's XOR (`chunk ^ row % 8`), even where it
    // cancels.
    #[allow(clippy::erasing_op, clippy::identity_op)]
    fn k_major_rows_swizzle_within_their_atom() {
        let d = Desc {
            start: 0,
            lbo: 16,
            sbo: 1024,
            span: 128,
        };
        // Row 1, k 0..7 is chunk 0 of row 1: XORed to chunk 1.
        assert_eq!(d.addr(false, 2, 1, 0), 128 + 16);
        assert_eq!(d.addr(false, 2, 9, 8), 1024 + 128 + (1 ^ 1) * 16);
        // MN-major: n 64 is the next chunk (LBO), k 8 the next 8 rows (SBO).
        let b = Desc {
            start: 0,
            lbo: 8192,
            sbo: 1024,
            span: 128,
        };
        assert_eq!(b.addr(true, 2, 64, 8), 8192 + 1024);
        assert_eq!(b.addr(true, 2, 8, 1), 128 + (1 ^ 1) * 16);
    }

    #[test]
    fn a_fragment_covers_the_64x8_tile_once() {
        let mut seen = std::collections::HashSet::new();
        for t in 0..128 {
            for q in 0..4 {
                assert!(seen.insert(Op::a_fragment(t, q)));
            }
        }
        assert_eq!(seen.len(), 64 * 8);
        assert_eq!(Op::a_fragment(0, 1), (8, 0));
        assert_eq!(Op::a_fragment(37, 2), (16 + 1, 1 + 4));
    }

    #[test]
    fn fragment_rows_and_columns() {
        assert_eq!(Op::fragment(0, 0), (0, 0));
        assert_eq!(Op::fragment(5, 3), (9, 3));
        assert_eq!(Op::fragment(127, 6), (16 * 3 + 7 + 8, 8 + 6));
    }
}
