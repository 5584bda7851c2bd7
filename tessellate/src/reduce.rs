//! Choosing how a reduction tessellation combines its partial accumulators (Mosaic 5.1):
//! **direct** when both iTexes hold every output element in the same lane and register,
//! **shuffle** when each source register moves to one destination register by a per-register
//! lane permutation (one `shfl.sync` per register), **shared memory** otherwise.

use std::collections::BTreeMap;

use itex::InstrOperand;

use crate::plan::{Reduction, Region};

/// Where each output element `(m, n)` of the worker box lives: `(lane, register)`.
type Owners = BTreeMap<(i64, i64), (i64, i64)>;

/// Owners of the accumulator elements of one region: the instances of its first k-slice, each
/// instance's D map placed at its origin; registers are numbered instance-major.
fn owners(r: &Region, threads: i64) -> Option<Owners> {
    let d = r.piece.itex.map(InstrOperand::D)?;
    let t = i64::from(r.piece.instruction().threads());
    let vals = d.size() / t;
    let mut out = Owners::new();
    let origins: Vec<[i64; 3]> = r
        .instance_origins()
        .into_iter()
        .filter(|o| o[2] == r.lo[2])
        .collect();
    for (i, o) in origins.iter().enumerate() {
        for idx in 0..d.size() {
            let mut c = d.eval(idx);
            c.resize(2, 0);
            let (m, n) = (o[0] + c[0], o[1] + c[1]);
            // A warpgroup's vector region is split over its warps along m: lane ids are
            // per-worker, so a warp's lanes are offset by 32 * (block along m).
            let warp = if threads > t {
                (o[0] - r.lo[0]) / (r.piece.block()[0])
            } else {
                0
            };
            let lane = idx % t + warp * t;
            out.insert((m, n), (lane, i as i64 * vals + idx / t));
        }
    }
    Some(out)
}

/// The cheapest strategy that combines `from`'s accumulators into `into`'s layout.
pub fn choose(into: &Region, from: &Region, threads: i64) -> Reduction {
    match (owners(into, threads), owners(from, threads)) {
        (Some(a), Some(b)) => classify(&a, &b),
        _ => Reduction::SharedMemory,
    }
}

/// The strategy that moves accumulators laid out as `b` into layout `a`.
fn classify(a: &Owners, b: &Owners) -> Reduction {
    if a.len() != b.len() {
        return Reduction::SharedMemory;
    }
    if a == b {
        return Reduction::Direct;
    }
    // Shuffle: for each source register, every lane's element goes to the same destination
    // register of some lane.
    let mut dest_reg: BTreeMap<i64, i64> = BTreeMap::new();
    for (pt, &(_, src_reg)) in b {
        let Some(&(_, dst_reg)) = a.get(pt) else {
            return Reduction::SharedMemory;
        };
        if *dest_reg.entry(src_reg).or_insert(dst_reg) != dst_reg {
            return Reduction::SharedMemory;
        }
    }
    Reduction::Shuffle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::PlacedItex;
    use crate::select::gemm_itex;
    use itex::{DType, Instruction};

    fn region(instr: Instruction, extent: [i64; 3], stride: [i64; 3], box_: [i64; 3]) -> Region {
        let mut itex = gemm_itex(instr, extent).unwrap();
        for (d, &s) in stride.iter().enumerate().take(2) {
            if s > 1 {
                itex = itex::derive::restride(&itex, d, s).unwrap();
            }
        }
        Region {
            lo: [0; 3],
            hi: box_,
            piece: PlacedItex {
                itex,
                extent,
                stride,
            },
        }
    }

    #[test]
    fn same_layout_reduces_directly_different_layouts_through_shared_memory() {
        let mma = Instruction::mma(DType::TF32, DType::F32).unwrap();
        let t = region(mma, [16, 8, 8], [1, 1, 1], [32, 32, 8]);
        assert_eq!(choose(&t, &t.clone(), 32), Reduction::Direct);
        let v = region(Instruction::Ffma, [4, 8, 1], [8, 4, 1], [32, 32, 8]);
        assert_eq!(choose(&t, &v, 32), Reduction::SharedMemory);
    }

    #[test]
    fn lane_permutation_with_fixed_registers_is_a_shuffle() {
        // 2x2 outputs, 2 lanes x 2 registers: b swaps the lanes of a, registers stay.
        let a: Owners = [
            ((0, 0), (0, 0)),
            ((1, 0), (1, 0)),
            ((0, 1), (0, 1)),
            ((1, 1), (1, 1)),
        ]
        .into();
        let b: Owners = [
            ((0, 0), (1, 0)),
            ((1, 0), (0, 0)),
            ((0, 1), (1, 1)),
            ((1, 1), (0, 1)),
        ]
        .into();
        assert_eq!(classify(&a, &b), Reduction::Shuffle);
        // Register 0 of b would have to land in registers 0 and 1 of a: shared memory.
        let c: Owners = [
            ((0, 0), (0, 0)),
            ((1, 0), (1, 1)),
            ((0, 1), (0, 1)),
            ((1, 1), (1, 0)),
        ]
        .into();
        assert_eq!(classify(&c, &a), Reduction::SharedMemory);
        assert_eq!(classify(&a, &a), Reduction::Direct);
    }
}
