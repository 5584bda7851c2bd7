//! Where one wgmma operand tile lives in shared memory: the boxes the TMA engine writes there
//! and the matrix descriptor wgmma reads it through, with one swizzle (128, 64 or 32 bytes)
//! shared by both.
//!
//! A stage holds, per operand, a tile of `rows` (its m or n extent: `bm` for A, `bn` for B)
//! by `bk = span / eb` k elements: every row or column of the tile is exactly one swizzle
//! span of `span` bytes. Two majors (PTX ISA 9.7.15.5.1.2, "Shared Memory Matrix Layout"):
//!
//! - **K-major** (k fastest in global memory: row-major A, column-major B). One TMA box of
//!   `bk` (inner, one span) x `rows` (outer); mn-row `r` starts at byte `r * span`.
//! - **MN-major** (m or n fastest: column-major A, row-major B; f16/bf16 only, wgmma has no
//!   transpose for tf32). `ceil(rows / (span / eb))` chunks of `span / eb` mn (inner, one
//!   span) x `bk` k (outer), each `span * bk` bytes, one after another; k-row `k` of a chunk
//!   at byte `k * span`, one TMA box per chunk. A last chunk that wgmma reads only in part
//!   (96 columns of 128-byte spans: one and a half chunks) takes a narrower box (the tail
//!   box, 32 columns, through a second tensor map): the TMA engine keeps one span per outer
//!   row of a swizzled box narrower than the span, so the tail box lands exactly where the
//!   first columns of a whole box would, and the rest of the chunk stays unwritten and
//!   unread. Measured, not documented: run 23-c (`docs/logs/run23-boxlayout.cu`, H100)
//!   printed the shared memory of a 32 x 32 f16 box with 128-byte swizzle; cuBLAS's decode
//!   kernel loads its 96-column row-major B tiles this way (run 23-b).
//!
//! With `cut > 1` (multicast of the tile, B or A, across a cluster, where each CTA loads
//! `1 / cut` of it) every box is cut into `cut` boxes along its outer dimension (K-major: mn
//! rows; MN-major: k rows); the shared-memory layout is unchanged, because each piece
//! starts on a swizzle-atom boundary where the pattern restarts.
//!
//! In all, the TMA engine with `CU_TENSOR_MAP_SWIZZLE_{128,64,32}B` (CUDA driver API,
//! `cuTensorMapEncodeTiled`) XORs the 16-byte chunk index within a span (address bits
//! `[4, 4 + b)`, `b` = 3, 2, 1) with address bits `[7, 7 + b)`, relative to an aligned base:
//! CUTLASS's `Swizzle<3,4,3>`, `Swizzle<2,4,3>` and `Swizzle<1,4,3>`, repeating every 1024,
//! 512 and 256 bytes (the swizzle atom: 8 spans). wgmma's swizzle modes 1, 2 and 3
//! (descriptor bits 62-63, PTX ISA 9.7.15.5.1.2.2) apply the same XOR to the address it
//! computes from the canonical layout, so a tile written by TMA is read back correctly when
//! the descriptor's strides match the box geometry. [`OperandTile::tma_offset`] and
//! [`OperandTile::wgmma_offset`] model the two sides independently; the tests check they
//! agree element by element for every span.

/// Which coordinate is contiguous in global (and so in shared) memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// k fastest (row-major A, column-major B); wgmma `imm-trans` = 0.
    K,
    /// m or n fastest (column-major A, row-major B); wgmma `imm-trans` = 1.
    Mn,
}

/// Bytes of the widest swizzle span (128B mode), the default row of a tile.
pub const SPAN: i64 = 128;
/// Bytes of the widest swizzle atom (8 spans of 128 bytes); every tile starts on this
/// boundary, which is also an atom boundary of the narrower modes, so that the matrix
/// descriptor's base offset (bits 49-51) is 0 (PTX ISA 9.7.15.5.1.2.2).
pub const ATOM: i64 = 1024;

/// The swizzle spans wgmma and TMA share, bytes (128B, 64B and 32B modes).
pub const SPANS: [i64; 3] = [128, 64, 32];

/// One operand tile of a pipeline stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandTile {
    /// Contiguous coordinate.
    pub major: Major,
    /// Extent along m (A) or n (B) that wgmma reads, elements; a multiple of 8.
    pub rows: i64,
    /// Element size, bytes (2 for f16/bf16, 4 for tf32).
    pub eb: i64,
    /// Swizzle span, bytes: one of [`SPANS`]; the tile's k extent is `span / eb`.
    pub span: i64,
    /// Boxes each box of the layout is cut into along its outer dimension (1: none); the
    /// outer extent over `cut` must stay a multiple of 8 rows (one swizzle atom).
    pub cut: i64,
}

impl OperandTile {
    /// k extent of the tile, elements: one span.
    pub fn bk(&self) -> i64 {
        self.span / self.eb
    }

    /// Extent along m or n as held in shared memory: `rows`, or for an MN-major tile whole
    /// chunks of `span / eb` (a 96-column tile of 128-byte spans holds two 64-column chunks,
    /// of which TMA writes and wgmma reads the first 96 columns). The planner's rule
    /// ([`tessellate::ring::held_extent`]), so that it sizes the stages the kernel holds.
    pub fn held_rows(&self) -> i64 {
        tessellate::ring::held_extent(self.rows, self.span, self.eb, self.major == Major::Mn)
    }

    /// Tile size as held, bytes (`held_rows * span`): what the tile takes of a stage.
    pub fn bytes(&self) -> i64 {
        self.held_rows() * self.span
    }

    /// Bytes the TMA engine writes into the tile per stage (`rows * span`; less than
    /// [`OperandTile::bytes`] where a tail box fills part of the last chunk): what the
    /// stage's `full` barrier expects.
    pub fn tx_bytes(&self) -> i64 {
        self.rows * self.span
    }

    /// The inner extent of the tail box, elements: `Some(rows mod (span / eb))` for an
    /// MN-major tile whose last chunk is read in part, else `None` (every box whole).
    pub fn tail_inner(&self) -> Option<i64> {
        let per = self.span / self.eb;
        (self.major == Major::Mn && self.rows % per != 0).then_some(self.rows % per)
    }

    /// Whether box `j` (numbered as in [`OperandTile::box_origin`]) is a tail box.
    pub fn is_tail_box(&self, j: i64) -> bool {
        self.tail_inner().is_some() && j / self.cut == self.chunks() - 1
    }

    /// Box `j`'s extents `[inner, outer]`, elements: [`OperandTile::box_dims`], or for a
    /// tail box the inner extent [`OperandTile::tail_inner`].
    pub fn box_dims_of(&self, j: i64) -> [i64; 2] {
        let [inner, outer] = self.box_dims();
        match self.tail_inner() {
            Some(tail) if self.is_tail_box(j) => [tail, outer],
            _ => [inner, outer],
        }
    }

    /// Bytes of one swizzle atom: 8 spans, where the XOR pattern repeats.
    pub fn atom(&self) -> i64 {
        8 * self.span
    }

    /// wgmma's swizzle mode for this span (descriptor bits 62-63, PTX ISA
    /// 9.7.15.5.1.2.2): 1 = 128B, 2 = 64B, 3 = 32B.
    pub fn mode(&self) -> u64 {
        match self.span {
            128 => 1,
            64 => 2,
            _ => 3,
        }
    }

    /// The XOR pattern of this span on a byte offset from an aligned base (see the module
    /// docs).
    pub fn swizzle(&self, addr: i64) -> i64 {
        swizzle(self.span, addr)
    }

    /// The TMA box `[inner, outer]` in elements (inner is the contiguous global dimension);
    /// a tail box is narrower ([`OperandTile::box_dims_of`]).
    pub fn box_dims(&self) -> [i64; 2] {
        match self.major {
            Major::K => [self.bk(), self.rows / self.cut],
            Major::Mn => [self.span / self.eb, self.bk() / self.cut],
        }
    }

    /// Whether the cut boxes still start on swizzle-atom boundaries: every piece's outer
    /// extent is a multiple of 8 rows (one atom).
    pub fn cut_ok(&self) -> bool {
        self.box_dims()[1] % 8 == 0
    }

    /// MN-major chunks of `span / eb` mn (1 for K-major).
    fn chunks(&self) -> i64 {
        match self.major {
            Major::K => 1,
            Major::Mn => self.held_rows() / (self.span / self.eb),
        }
    }

    /// Bytes of one MN-major chunk (`span * bk`; the whole tile for K-major).
    fn chunk_bytes(&self) -> i64 {
        self.bytes() / self.chunks()
    }

    /// Boxes per tile and stage.
    pub fn boxes(&self) -> i64 {
        self.chunks() * self.cut
    }

    /// Box `j`'s global coordinate offset `[inner, outer]` from the tile origin `(k0, mn0)`
    /// given as `[inner, outer]` (K-major: `[k0, mn0]`; MN-major: `[mn0, k0]`). Boxes are
    /// numbered chunk-major: box `j` is piece `j % cut` of chunk `j / cut`.
    pub fn box_origin(&self, j: i64) -> [i64; 2] {
        let (chunk, piece) = (j / self.cut, j % self.cut);
        let outer = piece * self.box_dims()[1];
        match self.major {
            Major::K => [0, outer],
            Major::Mn => [chunk * (self.span / self.eb), outer],
        }
    }

    /// Where box `j` starts, bytes from the tile base (a multiple of the swizzle atom): its
    /// chunk, then one span per outer row of the pieces before it.
    pub fn box_dst(&self, j: i64) -> i64 {
        let (chunk, piece) = (j / self.cut, j % self.cut);
        chunk * self.chunk_bytes() + piece * self.box_dims()[1] * self.span
    }

    /// Leading dimension byte offset (descriptor bits 16-29 hold it `>> 4`; PTX ISA
    /// 9.7.15.5.1.2.1.1). K-major swizzled layouts do not use it ("assumed 1"); MN-major:
    /// the distance between consecutive `span / eb`-element mn chunks.
    pub fn lbo(&self) -> i64 {
        match self.major {
            Major::K => 16,
            Major::Mn => self.chunk_bytes(),
        }
    }

    /// Stride dimension byte offset (descriptor bits 32-45, `>> 4`; PTX ISA
    /// 9.7.15.5.1.2.1.2). K-major: between 8-row groups of mn; MN-major: between 8-row
    /// groups of k. Both are one swizzle atom (8 spans) here.
    pub fn sbo(&self) -> i64 {
        self.atom()
    }

    /// The descriptor's constant bits: LBO, SBO and the swizzle mode ([`OperandTile::mode`])
    /// in bits 62-63 (PTX ISA 9.7.15.5.1.2.2). The start address (bits 0-13, `(addr &
    /// 0x3FFFF) >> 4`) is or-ed in at run time; base offset (bits 49-51) stays 0 because
    /// tiles are 1024-aligned.
    pub fn desc_hi(&self) -> u64 {
        let enc = |x: i64| ((x as u64) & 0x3FFFF) >> 4;
        (enc(self.lbo()) << 16) | (enc(self.sbo()) << 32) | (self.mode() << 62)
    }

    /// Byte offset, from the tile base, of the descriptor start for the instruction window
    /// whose mn origin is `mn0` (a multiple of 64) and k origin `k0` (a multiple of the
    /// instruction's k, 32 bytes of it).
    ///
    /// K-major: `mn0` rows down and `k0 * eb` bytes into the span. The k step lands inside a
    /// swizzled span; that is correct because wgmma swizzles the *address* it computes,
    /// exactly as TMA swizzled the address it wrote (CUTLASS advances descriptors the same way).
    /// MN-major: box `mn0 / (span / eb)`, k-row `k0`.
    pub fn start_offset(&self, mn0: i64, k0: i64) -> i64 {
        match self.major {
            Major::K => mn0 * self.span + k0 * self.eb,
            Major::Mn => (mn0 / (self.span / self.eb)) * self.chunk_bytes() + k0 * self.span,
        }
    }

    /// Where TMA writes tile element `(mn, k)`, bytes from the 1024-aligned tile base.
    pub fn tma_offset(&self, mn: i64, k: i64) -> i64 {
        let per = self.span / self.eb;
        let linear = match self.major {
            Major::K => mn * self.span + k * self.eb,
            Major::Mn => (mn / per) * self.chunk_bytes() + k * self.span + (mn % per) * self.eb,
        };
        self.swizzle(linear)
    }

    /// Where wgmma reads element `(mn, k)` of the instruction window whose descriptor starts
    /// at `start` (bytes from the 1024-aligned tile base), `mn`, `k` relative to the window:
    /// the canonical layout of PTX ISA 9.7.15.5.1.2.1.3, in elements `T = 16 / eb` and
    /// `S = span / 16` (8, 4, 2 sixteen-byte chunks a span): K-major
    /// `((8,m),(T,2k)):((S*T,SBO),(1,T))`, MN-major `((T,S,m),(8,k)):((1,T,LBO),(S*T,SBO))`,
    /// then the swizzle of the resulting address.
    pub fn wgmma_offset(&self, start: i64, mn: i64, k: i64) -> i64 {
        let row = self.span / self.eb; // S * T elements: one span
        let el = match self.major {
            // mn: (8, m) strides (S*T, SBO); k: contiguous T-element chunks.
            Major::K => (mn % 8) * row * self.eb + (mn / 8) * self.sbo() + k * self.eb,
            // mn: (T, S, m) strides (1, T, LBO); k: (8, k) strides (S*T, SBO).
            Major::Mn => {
                (mn % row) * self.eb
                    + (mn / row) * self.lbo()
                    + (k % 8) * row * self.eb
                    + (k / 8) * self.sbo()
            }
        };
        self.swizzle(start + el)
    }
}

/// The swizzle of a `span`-byte mode ([`SPANS`]): XOR the 16-byte chunk bits `[4, 4 + b)`
/// with bits `[7, 7 + b)`, `b = log2(span / 16)` (`Swizzle<b,4,3>`).
pub fn swizzle(span: i64, addr: i64) -> i64 {
    let mask = span / 16 - 1;
    addr ^ (((addr >> 7) & mask) << 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both majors with every swizzle span.
    fn majors_and_spans() -> Vec<(Major, i64)> {
        [Major::K, Major::Mn]
            .into_iter()
            .flat_map(|m| SPANS.map(|s| (m, s)))
            .collect()
    }

    /// Uncut tiles of both majors, every span, 2- and 4-byte elements and each of `rows`.
    fn uncut_tiles(rows: &[i64]) -> Vec<OperandTile> {
        let mut out = Vec::new();
        for (major, span) in majors_and_spans() {
            for eb in [2, 4] {
                out.extend(rows.iter().map(|&rows| OperandTile {
                    major,
                    rows,
                    eb,
                    span,
                    cut: 1,
                }));
            }
        }
        out
    }

    /// The three patterns: chunk index XOR row bits, repeating every 8 spans; 64B rows pair
    /// up (rows 2i and 2i + 1 share a pattern), 32B rows go in fours.
    #[test]
    fn swizzle_patterns() {
        // 128B: row r (128 bytes) XORs its chunk with r % 8.
        assert_eq!(swizzle(128, 3 * 128 + 16), 3 * 128 + (1 ^ 3) * 16);
        // 64B: rows 2 and 3 (bytes 128..256) XOR with 1; row 7 with 3.
        assert_eq!(swizzle(64, 2 * 64), 2 * 64 + 16);
        assert_eq!(swizzle(64, 3 * 64 + 16), 3 * 64);
        assert_eq!(swizzle(64, 7 * 64), 7 * 64 + 3 * 16);
        // 32B: rows 4-7 XOR their chunk with 1; row 8 starts the next atom.
        assert_eq!(swizzle(32, 4 * 32), 4 * 32 + 16);
        assert_eq!(swizzle(32, 8 * 32), 8 * 32);
    }

    /// Every element every wgmma window reads is where TMA wrote it, for both majors, f16 and
    /// tf32 widths, every mn window of 64 (or the whole 96-row tile, in part of its last
    /// chunk where MN-major) and every k step of 32 bytes.
    #[test]
    fn tma_and_wgmma_agree() {
        for t in uncut_tiles(&[64, 96, 128, 192, 256]) {
            let (major, span, eb, rows) = (t.major, t.span, t.eb, t.rows);
            let kstep = 32 / eb; // the instruction's k: 16 (f16) or 8 (tf32)
            // A window is 64 mn (A's m64) or the whole tile (B's n).
            for win in [64, rows].into_iter().filter(|w| rows % w == 0) {
                for mn0 in (0..rows).step_by(win as usize) {
                    for k0 in (0..t.bk()).step_by(kstep as usize) {
                        let start = t.start_offset(mn0, k0);
                        for mn in 0..win {
                            for k in 0..kstep {
                                assert_eq!(
                                    t.wgmma_offset(start, mn, k),
                                    t.tma_offset(mn0 + mn, k0 + k),
                                    "{major:?} span {span} eb {eb} rows {rows} window \
                                     ({mn0},{k0}) element ({mn},{k})"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// TMA writes each byte of the tile at most once; only a tail chunk (96 MN-major columns
    /// of 128-byte spans: the second chunk's last 32 columns) is left unwritten, and wgmma
    /// never reads there (`tma_and_wgmma_agree`).
    #[test]
    fn tma_boxes_cover_the_tile_once() {
        let tiles = majors_and_spans()
            .into_iter()
            .flat_map(|ms| [(ms, 96), (ms, 128)]);
        for ((major, span), rows) in tiles {
            let t = OperandTile {
                major,
                rows,
                eb: 2,
                span,
                cut: 1,
            };
            let mut hit = vec![0u8; t.bytes() as usize];
            for mn in 0..t.rows {
                for k in 0..t.bk() {
                    let o = t.tma_offset(mn, k) as usize;
                    hit[o] += 1;
                    hit[o + 1] += 1;
                }
            }
            let what = format!("{major:?} {span} {rows}");
            assert!(hit.iter().all(|&h| h <= 1), "{what}");
            let tail = t.tail_inner().is_some();
            assert_eq!(
                tail,
                major == Major::Mn && span == 128 && rows == 96,
                "{what}"
            );
            assert_eq!(
                t.bytes() - t.tx_bytes(),
                if tail { 32 * span } else { 0 },
                "{what}"
            );
        }
    }

    /// The planner sizes a stage by the same rule ([`tessellate::ring::held_extent`]), so
    /// its shared-memory fit and ring depth are the kernel's; and the rule holds whole
    /// chunks: K-major tiles as they are, MN-major ones rounded up to the fewest whole
    /// chunks of `span / eb`. Its rule for which tiles load ([`tessellate::ring::tile_loads`])
    /// is the layout's tail box at 128-byte spans.
    #[test]
    fn the_planner_holds_what_the_layout_holds() {
        let rows: Vec<i64> = (8..=256).step_by(8).collect();
        for t in uncut_tiles(&rows) {
            let held = tessellate::ring::held_extent(t.rows, t.span, t.eb, t.major == Major::Mn);
            assert_eq!(t.held_rows(), held, "{t:?}");
            // And it offers a tile with a tail box at 128-byte spans only.
            let loads = tessellate::ring::tile_loads(t.rows, t.span, t.eb, t.major == Major::Mn);
            assert_eq!(loads, t.tail_inner().is_none() || t.span == SPAN, "{t:?}");
            let per = t.span / t.eb;
            match t.major {
                Major::K => assert_eq!(held, t.rows, "{t:?}"),
                Major::Mn => {
                    assert!(
                        held % per == 0 && held >= t.rows && held - t.rows < per,
                        "{t:?}"
                    )
                }
            }
        }
    }

    #[test]
    fn descriptor_constant_bits() {
        let k = OperandTile {
            major: Major::K,
            rows: 128,
            eb: 2,
            span: 128,
            cut: 1,
        };
        // LBO 16 >> 4 = 1 ("assumed 1"), SBO 1024 >> 4 = 64, swizzle mode 1 at bit 62.
        assert_eq!(k.desc_hi(), (1 << 16) | (64 << 32) | (1 << 62));
        let mn = OperandTile {
            major: Major::Mn,
            rows: 256,
            eb: 2,
            span: 128,
            cut: 1,
        };
        assert_eq!(mn.lbo(), 8192);
        assert_eq!(mn.desc_hi(), (512 << 16) | (64 << 32) | (1 << 62));
        // Cutting boxes for multicast changes neither the layout nor the descriptor.
        assert_eq!(OperandTile { cut: 2, ..mn }.desc_hi(), mn.desc_hi());
        // 64B: SBO 512 >> 4 = 32, mode 2; 32B: SBO 256 >> 4 = 16, mode 3. MN-major 64B f16:
        // chunks of 32 n x 32 k, 2048 bytes apart.
        assert_eq!(
            OperandTile { span: 64, ..k }.desc_hi(),
            (1 << 16) | (32 << 32) | (2 << 62)
        );
        assert_eq!(
            OperandTile { span: 32, ..k }.desc_hi(),
            (1 << 16) | (16 << 32) | (3 << 62)
        );
        assert_eq!(OperandTile { span: 64, ..mn }.lbo(), 2048);
    }

    /// Each TMA box, written densely (one span per outer row, swizzled from its atom-aligned
    /// start, also for a tail box narrower than the span: run 23-c) at
    /// [`OperandTile::box_dst`], puts every element where [`OperandTile::tma_offset`] says,
    /// and the boxes tile the operand exactly once: for both majors, every span, both widths,
    /// every tile height (96: a tail box where MN-major at 128-byte spans) and cuts of 1, 2
    /// and 4.
    #[test]
    fn boxes_land_where_the_layout_says() {
        for (major, span) in majors_and_spans() {
            for eb in [2, 4] {
                for rows in [64, 96, 128, 192, 256] {
                    for cut in [1, 2, 4] {
                        let t = OperandTile {
                            major,
                            rows,
                            eb,
                            span,
                            cut,
                        };
                        if !t.cut_ok() {
                            continue;
                        }
                        let mut seen = vec![0u8; (rows * t.bk()) as usize];
                        for j in 0..t.boxes() {
                            let [bi, bo] = t.box_dims_of(j);
                            assert_eq!(bi * eb % 16, 0, "a box's inner bytes: whole 16 bytes");
                            let [oi, oo] = t.box_origin(j);
                            let dst = t.box_dst(j);
                            assert_eq!(dst % t.atom(), 0, "{major:?} {rows} cut {cut} box {j}");
                            for o in 0..bo {
                                for i in 0..bi {
                                    let (mn, k) = match major {
                                        Major::K => (oo + o, oi + i),
                                        Major::Mn => (oi + i, oo + o),
                                    };
                                    let at = dst + t.swizzle(o * span + i * eb);
                                    let what = format!(
                                        "{major:?} span {span} eb {eb} rows {rows} cut {cut}"
                                    );
                                    assert_eq!(at, t.tma_offset(mn, k), "{what} ({mn},{k})");
                                    seen[(mn * t.bk() + k) as usize] += 1;
                                }
                            }
                        }
                        assert!(seen.iter().all(|&c| c == 1), "{major:?} {rows} cut {cut}");
                    }
                }
            }
        }
    }
}
