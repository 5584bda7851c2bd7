//! The TMA engine's tiled mode (`cp.async.bulk.tensor`, PTX ISA 9.7.9.25.5.1) over a tensor
//! map as `cuTensorMapEncodeTiled` (CUDA driver API, "Tensor Map Object Management") would
//! encode it: which global element each byte of a box's shared-memory image holds, and the
//! swizzle of the shared-memory address it lands at.
//!
//! Modelled from the driver's and the ISA's documents, not from mosaic's code generator:
//! - A box is `box_dims[0]` (innermost, contiguous in global memory) x `box_dims[1]` x
//!   `box_dims[2]` elements at signed element coordinates; elements outside `dims` read as
//!   zero on a load (`CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE`) and are not written by a store.
//! - In shared memory the box is dense, innermost dimension fastest, except that a swizzled
//!   box keeps one swizzle span per row even when its inner extent is narrower (measured on
//!   an H100: docs/BENCHMARKS.md run 23-c).
//! - Swizzle `CU_TENSOR_MAP_SWIZZLE_{128,64,32}B` XORs the 16-byte chunk bits `[4, 4 + b)`
//!   of the shared-memory address with bits `[7, 7 + b)` (`b` = 3, 2, 1), the pattern that
//!   wgmma's descriptor swizzle modes apply to the addresses they compute.
//! - The transaction count a load completes on its mbarrier is the box's data bytes
//!   (`box_dims` elements, the zero-filled ones included), not its shared-memory footprint:
//!   a 32 x 32 f16 box with 128-byte swizzle completes 2 KiB over 4 KiB of rows (measured on
//!   an H100: docs/BENCHMARKS.md run 23-c).

/// A tiled tensor map, as a kernel's `.param .align 64 .b8 [128]` would hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorMap {
    /// Global address of element `(0, 0, 0)`.
    pub base: u64,
    /// Bytes per element (2 or 4).
    pub elem_bytes: u32,
    /// Extents, elements: `[inner, outer, batch]` (batch 1 for a 2-D map).
    pub dims: [u64; 3],
    /// Byte strides of dimensions 1 and 2.
    pub strides: [u64; 2],
    /// Box extents, elements: `[inner, outer, 1]`.
    pub box_dims: [u32; 3],
    /// Swizzle span, bytes: 0 (none), 32, 64 or 128.
    pub swizzle_bytes: u32,
}

impl TensorMap {
    /// Bytes of a box's data (the transaction count of a load): its elements, not the
    /// shared-memory footprint of a swizzled box narrower than its span.
    pub fn box_bytes(&self) -> u64 {
        u64::from(self.elem_bytes)
            * u64::from(self.box_dims[0])
            * u64::from(self.box_dims[1])
            * u64::from(self.box_dims[2].max(1))
    }

    /// Bytes from one box row to the next in shared memory.
    fn row_pitch(&self) -> u64 {
        let dense = u64::from(self.box_dims[0]) * u64::from(self.elem_bytes);
        if self.swizzle_bytes > 0 {
            dense.max(u64::from(self.swizzle_bytes))
        } else {
            dense
        }
    }

    /// Every element of the box at `coords` (innermost first; missing ones 0): its byte
    /// offset in the unswizzled shared-memory image, and its global address where it is
    /// inside the tensor (`None`: out of bounds).
    pub fn elements(&self, coords: &[i64]) -> Vec<(u64, Option<u64>)> {
        let c = |d: usize| coords.get(d).copied().unwrap_or(0);
        let eb = u64::from(self.elem_bytes);
        let mut out = Vec::new();
        for z in 0..i64::from(self.box_dims[2].max(1)) {
            for y in 0..i64::from(self.box_dims[1]) {
                for x in 0..i64::from(self.box_dims[0]) {
                    let g = [c(0) + x, c(1) + y, c(2) + z];
                    let inside = g
                        .iter()
                        .zip(self.dims)
                        .all(|(&v, d)| v >= 0 && (v as u64) < d);
                    let smem = ((z * i64::from(self.box_dims[1]) + y) as u64) * self.row_pitch()
                        + x as u64 * eb;
                    let addr = inside.then(|| {
                        self.base
                            + g[0] as u64 * eb
                            + g[1] as u64 * self.strides[0]
                            + g[2] as u64 * self.strides[1]
                    });
                    out.push((smem, addr));
                }
            }
        }
        out
    }
}

/// The swizzle of a `span`-byte mode (0: none): XOR the 16-byte chunk bits `[4, 4 + b)` of
/// `addr` with its bits `[7, 7 + b)`, `b = log2(span / 16)`.
pub fn swizzle(span: u32, addr: u64) -> u64 {
    if span == 0 {
        return addr;
    }
    let mask = u64::from(span / 16 - 1);
    addr ^ (((addr >> 7) & mask) << 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(box_inner: u32, swizzle_bytes: u32) -> TensorMap {
        TensorMap {
            base: 0x1000,
            elem_bytes: 2,
            dims: [100, 10, 1],
            strides: [256, 0],
            box_dims: [box_inner, 4, 1],
            swizzle_bytes,
        }
    }

    #[test]
    fn swizzled_rows_keep_one_span_and_edges_read_nothing() {
        let m = map(32, 128);
        // Four rows of 32 elements: 256 data bytes over four 128-byte spans.
        assert_eq!(m.box_bytes(), 4 * 64);
        let e = m.elements(&[90, 8]);
        // Row 1 of the box starts one span in; column 10 (global 100) is out of bounds.
        assert_eq!(e[32], (128, Some(0x1000 + 90 * 2 + 9 * 256)));
        assert_eq!(e[10].1, None);
        // Rows 2 and 3 are global rows 10 and 11: out of bounds.
        assert!(e[64..].iter().all(|x| x.1.is_none()));
        let dense = map(32, 0);
        assert_eq!(dense.box_bytes(), 4 * 64);
        assert_eq!(dense.elements(&[-1, 0])[1], (2, Some(0x1000)));
    }

    #[test]
    fn swizzle_patterns() {
        assert_eq!(swizzle(128, 3 * 128 + 16), 3 * 128 + (1 ^ 3) * 16);
        assert_eq!(swizzle(64, 2 * 128), 2 * 128 + 2 * 16);
        assert_eq!(swizzle(32, 128), 128 + 16);
        assert_eq!(swizzle(32, 256), 256);
        assert_eq!(swizzle(0, 1234), 1234);
    }
}
