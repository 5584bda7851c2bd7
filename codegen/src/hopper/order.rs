//! GPC-major cluster order: which tiles a persistent warpgroup kernel's clusters take, so
//! that the clusters of one GPC read the same operand slabs at the same time.
//!
//! Why (docs/BENCHMARKS.md run 18, H100, ncu): a GPC's L2 request coalescer merges identical
//! TMA reads in flight from its SMs (`lrc__request_sectors_op_read_coalescing_achieved_type_hardware`).
//! cuBLAS's 4096^3 kernel gets 4.9 M such merges on top of its B multicast, mosaic's kernel
//! in launch order 1.1 M: consecutive cluster indices land on different GPCs (the hardware
//! deals TPCs out GPC by GPC), so the tiles that share A are read from different GPCs. cuBLAS
//! passes a byte table, cluster index -> logical index, that makes logical indices GPC-major
//! (read from its kernel parameters with a CUPTI callback, run 18-c). With the same table
//! and bands of 8 tile columns, mosaic's kernel got 4.1 M merges and ran 0.6-0.8% faster at
//! 4096^3 (18-d); as built, with the runtime's probed table, 0.2-0.5% faster for f16 and bf16
//! and 0.4-0.8% for tf32 on H100s and an H200 (18-e .. 18-j).
//!
//! How: the kernel reads `mosaic_cluster_order[c]`, the logical index of cluster
//! `c = %ctaid.x / mcast`, from a `.const` array of `clusters` entries whose printed values are
//! the identity (launch order). A launcher that knows where the GPU places the clusters of
//! this grid overwrites it before the launch (mosaic's runtime probes the placement). Only a
//! grid of exactly `clusters * mcast` CTAs reads the table (any other grid takes its slots in
//! launch order), so every grid is correct when the table is a permutation of `0..clusters`.
//! Logical cluster `l` then takes tiles `l, l + clusters, ...` of [`band_raster`].

use emit_ptx::ast::{ConstArray, Op, Reg, RegClass};

use crate::builder::{Builder, addr, imm, r, sym};

/// The `.const` array holding the order (`u16`, one entry per cluster of the grid).
pub const ORDER_SYMBOL: &str = "mosaic_cluster_order";

/// The order table as the PTX holds it: the identity over `clusters` clusters.
pub(super) fn identity_table(clusters: i64) -> ConstArray {
    ConstArray {
        name: ORDER_SYMBOL.into(),
        values: (0..clusters).map(|c| c as u16).collect(),
    }
}

/// Replaces the CTA's first tile slot `tile` (`%ctaid.x`) by `order[tile / mcast] * mcast +
/// tile % mcast` where the grid has `clusters * mcast` CTAs; the rank in the cluster is kept.
pub(super) fn permute_first_tile(b: &mut Builder, tile: Reg, clusters: i64, mcast: i64) {
    let ours = b.reg(RegClass::Pred);
    let grid = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(grid), sym("%nctaid.x")]);
    b.emit(
        Op::Setp,
        "eq.u32",
        vec![r(ours), r(grid), imm(clusters * mcast)],
    );
    let (cluster, rank, logical) = (
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
    );
    let at = b.reg(RegClass::B64);
    b.emit(Op::Div, "u32", vec![r(cluster), r(tile), imm(mcast)]);
    b.emit(Op::Rem, "u32", vec![r(rank), r(tile), imm(mcast)]);
    b.emit(Op::Mul, "wide.u32", vec![r(at), r(cluster), imm(2)]);
    let base = b.reg(RegClass::B64);
    b.emit(Op::Mov, "u64", vec![r(base), sym(ORDER_SYMBOL)]);
    b.emit(Op::Add, "u64", vec![r(at), r(at), r(base)]);
    b.emit_if(
        ours,
        false,
        Op::Ld,
        "const.u16",
        vec![r(logical), addr(at, 0)],
    );
    b.emit_if(
        ours,
        false,
        Op::Mad,
        "lo.u32",
        vec![r(tile), r(logical), imm(mcast), r(rank)],
    );
}

/// Tile `(m, n)` of logical slot `pid` in bands of `width` tile columns: column fastest
/// within a band row, the band's rows top to bottom in even bands and bottom to top in odd
/// ones (so a band starts on the rows the last one ended on), the last band as wide as the
/// columns left. A bijection of `0..gm * gn` onto the `gm x gn` tiles. With GPC-major
/// clusters and `width` about a GPC's clusters, a GPC's clusters share a row of tiles (A).
pub(super) fn band_raster(b: &mut Builder, pid: Reg, gm: i64, gn: i64, width: i64) -> (Reg, Reg) {
    let (band, rem, cols, mt, nt) = (
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
    );
    b.emit(Op::Div, "u32", vec![r(band), r(pid), imm(width * gm)]);
    b.emit(Op::Rem, "u32", vec![r(rem), r(pid), imm(width * gm)]);
    // This band's columns: min(gn - band * width, width).
    b.emit(Op::Mul, "lo.u32", vec![r(cols), r(band), imm(width)]);
    b.emit(Op::Sub, "u32", vec![r(cols), imm(gn), r(cols)]);
    b.emit(Op::Min, "u32", vec![r(cols), r(cols), imm(width)]);
    b.emit(Op::Rem, "u32", vec![r(nt), r(rem), r(cols)]);
    b.emit(Op::Mad, "lo.u32", vec![r(nt), r(band), imm(width), r(nt)]);
    b.emit(Op::Div, "u32", vec![r(mt), r(rem), r(cols)]);
    let (odd, flip) = (b.reg(RegClass::B32), b.reg(RegClass::Pred));
    b.emit(Op::And, "b32", vec![r(odd), r(band), imm(1)]);
    b.emit(Op::Setp, "ne.u32", vec![r(flip), r(odd), imm(0)]);
    b.emit_if(flip, false, Op::Sub, "u32", vec![r(mt), imm(gm - 1), r(mt)]);
    (mt, nt)
}

/// [`band_raster`] on the host, for the checkers.
#[cfg(test)]
pub(super) fn band_tile(pid: i64, gm: i64, gn: i64, width: i64) -> (i64, i64) {
    let (band, rem) = (pid / (width * gm), pid % (width * gm));
    let cols = (gn - band * width).min(width);
    let m = rem / cols;
    let m = if band % 2 == 1 { gm - 1 - m } else { m };
    (m, band * width + rem % cols)
}

#[cfg(test)]
mod tests {
    use super::band_tile;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn band_raster_is_a_bijection(gm in 1i64..40, gn in 1i64..40, width in 1i64..12) {
            let mut seen = vec![false; (gm * gn) as usize];
            for pid in 0..gm * gn {
                let (m, n) = band_tile(pid, gm, gn, width);
                prop_assert!((0..gm).contains(&m) && (0..gn).contains(&n), "{pid} -> {m},{n}");
                let i = (m * gn + n) as usize;
                prop_assert!(!seen[i], "tile {m},{n} twice");
                seen[i] = true;
            }
        }
    }

    #[test]
    fn the_4096_cube_bands() {
        // 16 pair-rows x 16 columns of 128x256 tiles in bands of 8: the first band row,
        // then the second; the second band starts at the bottom.
        assert_eq!(band_tile(0, 16, 16, 8), (0, 0));
        assert_eq!(band_tile(7, 16, 16, 8), (0, 7));
        assert_eq!(band_tile(8, 16, 16, 8), (1, 0));
        assert_eq!(band_tile(128, 16, 16, 8), (15, 8));
        assert_eq!(band_tile(255, 16, 16, 8), (0, 15));
    }
}
